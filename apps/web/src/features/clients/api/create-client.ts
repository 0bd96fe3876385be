import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createClient } from '@/api/clients';
import { refetchAfterWrite } from '@/lib/query-client';
import { clientKeys } from './keys';

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => refetchAfterWrite(queryClient, clientKeys.lists()),
  });
}
