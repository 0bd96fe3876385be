import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { isWhiteLabelHost } from '@/lib/white-label';
import { DocumentTitle } from '../document-title';
import { Logo } from '../logo';

interface AuthLayoutProps {
  /** The card's heading and the tab title. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. a link to the other auth screen. */
  footer?: ReactNode;
}

/** The public auth screens: a centred card under the logo, on a quiet background. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md" py={{ base: 'xl', sm: 56 }}>
      <DocumentTitle title={title} />
      <Stack align="center" gap="lg" maw={440} mx="auto">
        {/* The landing page is served by the server, so this is a full page load, not a router link. On a
            white-label host (only /verificar is served there) neither the mark nor the landing page is. */}
        {!isWhiteLabelHost() && (
          <Anchor href={paths.home} underline="never" c="inherit">
            <Logo size={36} />
          </Anchor>
        )}
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%">
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" ta="center" size="sm" mt={6}>
              {description}
            </Text>
          )}
          <Box mt="lg">{children}</Box>
        </Paper>
        {footer && (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
