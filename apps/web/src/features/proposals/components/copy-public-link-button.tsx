import { Button, Code, Popover, Text, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { paths } from '@/config/paths';

/**
 * The link a client opens without signing in: this app's origin plus `/p/{publicToken}`
 * (docs/product.md#public-page).
 */
export function publicProposalUrl(publicToken: string, origin = window.location.origin): string {
  return `${origin}${paths.publicProposal(publicToken)}`;
}

/** Copies the public link, confirms it on the button and to screen readers, and shows it if copying fails. */
export function CopyPublicLinkButton({ publicToken }: { publicToken: string }) {
  const clipboard = useClipboard({ timeout: 2500 });
  const url = publicProposalUrl(publicToken);

  return (
    <>
      <Popover
        opened={clipboard.error !== null}
        onChange={(opened) => !opened && clipboard.reset()}
        width={320}
        withArrow
      >
        <Popover.Target>
          <Button
            variant={clipboard.copied ? 'light' : 'default'}
            color={clipboard.copied ? 'teal' : undefined}
            leftSection={
              clipboard.copied ? (
                <IconCheck size={18} aria-hidden="true" />
              ) : (
                <IconLink size={18} aria-hidden="true" />
              )
            }
            onClick={() => clipboard.copy(url)}
          >
            {clipboard.copied ? 'Link copiado' : 'Copiar link público'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="sm" mb={6}>
            Não foi possível copiar automaticamente. Copie o link:
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
            {url}
          </Code>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden role="status" aria-live="polite">
        {clipboard.copied ? 'Link público copiado para a área de transferência' : ''}
      </VisuallyHidden>
    </>
  );
}
