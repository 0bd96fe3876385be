import { MESSAGES } from '@aceite/shared/messages';
import { Button } from '@mantine/core';
import { IconAlertCircle, IconFileOff, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusPanel } from '@/components/error-screens/status-panel';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';

interface TemplateLoadErrorProps {
  error: unknown;
  onRetry: () => void;
}

/** A template that could not be loaded: not found (archived, or a malformed id), or another failure. */
export function TemplateLoadError({ error, onRetry }: TemplateLoadErrorProps) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = missing ? MESSAGES.templateNotFound : 'Erro ao carregar template';
  return (
    <>
      <DocumentTitle title={title} />
      <StatusPanel
        color={missing ? 'gray' : 'red'}
        icon={missing ? <IconFileOff size={32} /> : <IconAlertCircle size={32} />}
        title={title}
        message={
          missing
            ? 'O template que procura não existe ou foi arquivado.'
            : errorMessage(error, 'Verifique a ligação e tente novamente.')
        }
        actions={
          <>
            {!missing && (
              <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={onRetry}>
                Tentar novamente
              </Button>
            )}
            <Button variant={missing ? 'filled' : 'default'} component={Link} to={paths.templates}>
              Voltar a Templates
            </Button>
          </>
        }
      />
    </>
  );
}

/** A global template opened for editing: organizations use it but cannot change it. */
export function GlobalTemplateNotice() {
  return (
    <>
      <DocumentTitle title={MESSAGES.globalTemplateReadOnly} />
      <StatusPanel
        color="teal"
        icon={<IconFileOff size={32} />}
        title={MESSAGES.globalTemplateReadOnly}
        message="Este é um template da plataforma. Pode usá-lo para criar propostas, mas não editá-lo."
        actions={
          <Button component={Link} to={paths.templates}>
            Voltar a Templates
          </Button>
        }
      />
    </>
  );
}
