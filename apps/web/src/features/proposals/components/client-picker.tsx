import type { Client } from '@aceite/shared/schemas/clients';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FocusEventHandler, memo, type ReactNode, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-list-search';
import { useClientSearch } from '../api/search-clients';

/** What the picker needs to show a client. */
export type ClientOption = Pick<Client, 'id' | 'name' | 'company' | 'email'>;

interface ClientPickerProps {
  value: string | null;
  /** The chosen client, kept by the editor so its name shows even when it is not among the matches. */
  selected: ClientOption | null;
  onChange: (client: ClientOption | null) => void;
  error?: ReactNode;
  /** `@mantine/form`'s handle on the input (focus on the first invalid field). */
  dataPath?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** Required in the editor; optional where a client may be chosen later ('Nova proposta'). */
  required?: boolean;
  description?: ReactNode;
}

/**
 * Searches the organization's clients on the server as the person types (name, company, email, tax id).
 * Memoised: the rest of the editor re-renders on every keystroke.
 */
export const ClientPicker = memo(function ClientPicker({
  value,
  selected,
  onChange,
  error,
  dataPath,
  onFocus,
  onBlur,
  required = true,
  description,
}: ClientPickerProps) {
  const [search, setSearch] = useState(selected?.name ?? '');
  // While the box shows the chosen client's name, list everyone; otherwise ask the server for matches.
  const term = search.trim() === (selected?.name ?? '') ? '' : search.trim();
  const [debouncedTerm] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const { data: matches = [], isFetching, isError } = useClientSearch(debouncedTerm);

  const clients = useMemo(() => {
    const byId = new Map<string, ClientOption>();
    if (selected) byId.set(selected.id, selected);
    for (const client of matches) byId.set(client.id, client);
    return byId;
  }, [matches, selected]);

  const data = useMemo(
    () => [...clients.values()].map((client) => ({ value: client.id, label: client.name })),
    [clients],
  );

  const pending = isFetching || term !== debouncedTerm;
  return (
    <Select
      label="Cliente"
      placeholder="Pesquisar por nome, empresa ou email"
      required={required}
      description={description}
      searchable
      clearable
      value={value}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name, company, email and tax id; filtering by label again would
      // hide clients found by their email or company.
      filter={({ options }) => options}
      onChange={(id) => onChange(id ? (clients.get(id) ?? null) : null)}
      nothingFoundMessage={
        pending
          ? 'A pesquisar…'
          : isError
            ? 'Não foi possível pesquisar clientes'
            : 'Nenhum cliente encontrado'
      }
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      renderOption={({ option }) => {
        const client = clients.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {client && (
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" truncate>
                  {[client.company, client.email].filter(Boolean).join(' · ')}
                </Text>
              </Group>
            )}
          </Stack>
        );
      }}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: 'md' }}
      error={error}
      data-path={dataPath}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  );
});
