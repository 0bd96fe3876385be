import { MESSAGES } from '@aceite/shared/messages';
import { Button } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusPanel } from '@/components/error-screens/status-panel';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';

interface ClientLoadErrorProps {
  error: unknown;
  onRetry: () => void;
}

/** A client that could not be loaded: not found (or a malformed id), or any other failure with a retry. */
export function ClientLoadError({ error, onRetry }: ClientLoadErrorProps) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = missing ? MESSAGES.clientNotFound : MESSAGES.clientLoadError;
  return (
    <>
      <DocumentTitle title={title} />
      <StatusPanel
        color={missing ? 'gray' : 'red'}
        icon={missing ? <IconUserOff size={32} /> : <IconAlertCircle size={32} />}
        title={title}
        message={
          missing
            ? 'O cliente que procura não existe ou foi eliminado.'
            : errorMessage(error, 'Verifique a ligação e tente novamente.')
        }
        actions={
          <>
            {!missing && (
              <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={onRetry}>
                Tentar novamente
              </Button>
            )}
            <Button variant={missing ? 'filled' : 'default'} component={Link} to={paths.clients}>
              Voltar a Clientes
            </Button>
          </>
        }
      />
    </>
  );
}
