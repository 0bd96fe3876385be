import { Button, Code, CopyButton, Group } from '@mantine/core';

/**
 * A value to copy somewhere else (a DNS record's name or value), shown in full and wrapping anywhere so a long
 * key keeps a phone's width, with a "Copiar" button whose accessible name says what it copies.
 */
export function CopyableCode({ value, copyLabel }: { value: string; copyLabel: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code style={{ overflowWrap: 'anywhere', wordBreak: 'break-all', flex: 1, minWidth: 0 }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="subtle" onClick={copy} aria-label={copyLabel}>
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
