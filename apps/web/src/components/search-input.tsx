import { CloseButton, Loader, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The search as the URL holds it. */
  value: string;
  onChange: (value: string) => void;
  /** Shows a spinner while the results for the typed text load. */
  searching?: boolean;
}

/**
 * A search box bound to a URL parameter. The text is held locally so typing never waits for the router; when
 * the URL changes from elsewhere (back button, a link) the box shows what the URL now says.
 */
export function SearchInput({ value, onChange, searching = false, ...props }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== text) setText(value);
  }

  const change = (next: string) => {
    setText(next);
    setLastValue(next);
    onChange(next);
  };

  return (
    <TextInput
      type="search"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        searching ? (
          <Loader size={16} aria-label="A pesquisar" />
        ) : text ? (
          <CloseButton size="sm" aria-label="Limpar pesquisa" onClick={() => change('')} />
        ) : null
      }
    />
  );
}
