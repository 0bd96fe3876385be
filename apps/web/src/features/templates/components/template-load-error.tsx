import { MESSAGES } from '@aceite/shared/messages';
import { Button } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { EntityLoadError } from '@/components/entity-load-error';
import { StatusPanel } from '@/components/error-screens/status-panel';
import { paths } from '@/config/paths';

const NOT_FOUND = {
  title: MESSAGES.templateNotFound,
  message: 'O modelo que procura não existe ou foi arquivado.',
  icon: <IconFileOff size={32} />,
};
const BACK = { to: paths.templates, label: 'Voltar a Modelos' };

/** A template that could not be loaded: not found (archived, or a malformed id), or another failure. */
export function TemplateLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EntityLoadError
      error={error}
      onRetry={onRetry}
      notFound={NOT_FOUND}
      loadErrorTitle="Erro ao carregar modelo"
      back={BACK}
    />
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
        message="Este é um modelo da plataforma. Pode usá-lo para criar propostas, mas não editá-lo."
        actions={
          <Button component={Link} to={paths.templates}>
            Voltar a Modelos
          </Button>
        }
      />
    </>
  );
}
