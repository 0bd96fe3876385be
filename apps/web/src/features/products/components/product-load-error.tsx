import { MESSAGES } from '@aceite/shared/messages';
import { IconPackageOff } from '@tabler/icons-react';
import { EntityLoadError } from '@/components/entity-load-error';
import { paths } from '@/config/paths';

const NOT_FOUND = {
  title: MESSAGES.productNotFound,
  message: 'O produto que procura não existe.',
  icon: <IconPackageOff size={32} />,
};
const BACK = { to: paths.products, label: 'Voltar a Produtos' };

/** A product that could not be loaded: not found (or a malformed id), or any other failure with a retry. */
export function ProductLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EntityLoadError
      error={error}
      onRetry={onRetry}
      notFound={NOT_FOUND}
      loadErrorTitle={MESSAGES.productLoadError}
      back={BACK}
    />
  );
}
