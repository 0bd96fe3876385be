import { MESSAGES } from '@aceite/shared/messages';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError, errorMessage } from '@/lib/api-client';

interface TeamLoadProblemProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** A team that cannot be shown: 'Equipa não encontrada' (404) or 'Erro ao carregar equipa' with a retry. */
export function TeamLoadProblem({ error, onRetry, retrying }: TeamLoadProblemProps) {
  // A malformed id in the address (400) is as missing as an unknown one.
  const missing = error instanceof ApiError && [400, 404].includes(error.status);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} maw={720}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {missing ? MESSAGES.teamNotFound : errorMessage(error, 'Erro ao carregar equipa')}
        </Text>
        {!missing && (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Tentar novamente
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
