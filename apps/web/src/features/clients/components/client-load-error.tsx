import { MESSAGES } from '@aceite/shared/messages';
import { IconUserOff } from '@tabler/icons-react';
import { EntityLoadError } from '@/components/entity-load-error';
import { paths } from '@/config/paths';

const NOT_FOUND = {
  title: MESSAGES.clientNotFound,
  message: 'O cliente que procura não existe ou foi eliminado.',
  icon: <IconUserOff size={32} />,
};
const BACK = { to: paths.clients, label: 'Voltar a Clientes' };

/** A client that could not be loaded: not found (or a malformed id), or any other failure with a retry. */
export function ClientLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EntityLoadError
      error={error}
      onRetry={onRetry}
      notFound={NOT_FOUND}
      loadErrorTitle={MESSAGES.clientLoadError}
      back={BACK}
    />
  );
}
