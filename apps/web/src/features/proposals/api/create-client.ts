import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createClient } from '@/api/clients';
import { proposalLookupKeys } from './keys';

/** Creates a client from inside the editor (name and email required; 409 when the email exists). */
export function useQuickCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: proposalLookupKeys.clients() }),
  });
}
