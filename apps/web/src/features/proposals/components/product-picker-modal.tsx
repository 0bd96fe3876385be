import { type Product, unitLabel } from '@aceite/shared/schemas/products';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useProductSearch } from '../api/search-products';
import { CLOSE_BUTTON_PROPS } from './modal-labels';

interface ProductPickerModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called for each product chosen; the modal stays open so several can be added in a row. */
  onPick: (product: Product) => void;
}

/** "45 produtos ativos.", "A mostrar 20 de 45 produtos ativos.", "7 produtos encontrados." */
function countText(shown: number, total: number, searching: boolean): string {
  const noun = searching
    ? total === 1
      ? 'produto encontrado'
      : 'produtos encontrados'
    : total === 1
      ? 'produto ativo'
      : 'produtos ativos';
  return shown < total ? `A mostrar ${shown} de ${total} ${noun}.` : `${total} ${noun}.`;
}

/**
 * "Do catálogo": search the active products as you type, page through them 20 at a time ('Mostrar mais
 * produtos') with a count of how many there are, and add them as lines (name, description, price, unit).
 */
export function ProductPickerModal({ opened, onClose, onPick }: ProductPickerModalProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedSearch(search);
  const [added, setAdded] = useState<Record<string, number>>({});
  const { products, total, isPending, isError, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useProductSearch(debounced, opened);
  const addedCount = Object.values(added).reduce((sum, n) => sum + n, 0);

  const close = () => {
    setSearch('');
    setAdded({});
    onClose();
  };

  const pick = (product: Product) => {
    onPick(product);
    setAdded((current) => ({ ...current, [product.id]: (current[product.id] ?? 0) + 1 }));
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Adicionar do catálogo"
      size="lg"
      centered
      closeButtonProps={CLOSE_BUTTON_PROPS}
    >
      <Stack gap="md">
        <TextInput
          label="Pesquisar produtos"
          placeholder="Nome, SKU ou descrição"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah="min(60dvh, 460px)" type="auto" offsetScrollbars>
          <Stack gap="xs" aria-busy={isFetching}>
            {isPending && ['a', 'b', 'c'].map((key) => <Skeleton key={key} height={64} radius="md" />)}
            {isError && (
              <Alert color="red" variant="light">
                Não foi possível carregar os produtos.
              </Alert>
            )}
            {!isPending && !isError && products.length === 0 && (
              <Text size="sm" c="dimmed" py="md" ta="center">
                Nenhum produto ativo encontrado.
              </Text>
            )}
            {products.map((product) => {
              const times = added[product.id] ?? 0;
              return (
                <Paper key={product.id} withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {product.name}
                      </Text>
                      {product.description && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {product.description}
                        </Text>
                      )}
                      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {product.formattedPrice}{' '}
                        <Text span size="xs" c="dimmed">
                          / {unitLabel(product.unit)}
                        </Text>
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end">
                      <Button
                        size="xs"
                        variant={times ? 'light' : 'filled'}
                        leftSection={<IconPlus size={14} aria-hidden="true" />}
                        aria-label={`Adicionar ${product.name}`}
                        onClick={() => pick(product)}
                      >
                        Adicionar
                      </Button>
                      {times > 0 && (
                        <Badge
                          size="sm"
                          variant="light"
                          color="green"
                          leftSection={<IconCheck size={12} aria-hidden="true" />}
                        >
                          {times === 1 ? 'Adicionado' : `Adicionado ×${times}`}
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                </Paper>
              );
            })}
            {hasNextPage && (
              <Button
                variant="default"
                loading={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
                style={{ alignSelf: 'center' }}
              >
                Mostrar mais produtos
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
        {!isPending && !isError && products.length > 0 && (
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {countText(products.length, total, debounced !== '')}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {addedCount === 0
              ? 'Escolha um ou mais produtos.'
              : addedCount === 1
                ? '1 item adicionado à proposta.'
                : `${addedCount} itens adicionados à proposta.`}
          </Text>
          <Button onClick={close}>Concluir</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
