import type { Proposal } from '@aceite/shared/schemas/proposals';
import { Anchor, Box, SimpleGrid, Text } from '@mantine/core';
import { SectionPanel } from '@/components/section-panel';
import { formatDateTime } from '@/lib/format';

/**
 * Who signed on the public page, when, and the signature they drew (docs/product.md#signature: the public
 * view's fields).
 */
export function SignaturePanel({ proposal }: { proposal: Proposal }) {
  if (!proposal.signedAt) return null;
  const name = proposal.signedByName ?? 'Cliente';
  return (
    <SectionPanel title="Assinatura do cliente">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Box component="dl" m={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            Assinada por
          </Text>
          <Text component="dd" m={0} size="sm" mb="xs">
            {name}
          </Text>
          {proposal.signedByEmail && (
            <>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                Email
              </Text>
              <Text component="dd" m={0} size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
                <Anchor href={`mailto:${proposal.signedByEmail}`}>{proposal.signedByEmail}</Anchor>
              </Text>
            </>
          )}
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            Data
          </Text>
          <Text component="dd" m={0} size="sm">
            {formatDateTime(proposal.signedAt)}
          </Text>
        </Box>
        {proposal.signatureData?.startsWith('data:image/png;base64,') && (
          <Box
            p="xs"
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
              background: '#fff',
            }}
          >
            <img
              src={proposal.signatureData}
              alt={`Assinatura de ${name}`}
              style={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: 160, margin: '0 auto' }}
            />
          </Box>
        )}
      </SimpleGrid>
    </SectionPanel>
  );
}
