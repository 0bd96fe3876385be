import { DEVICE_LABELS, VISITS_EXPLAINED } from '@aceite/shared/reading';
import { Group, List, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { PanelStates } from '@/components/panel-states';
import { SectionPanel } from '@/components/section-panel';
import { formatCount, formatDateTime } from '@/lib/format';
import { useProposalReading } from '../api/get-proposal-reading';

/** "1 min 05 s", "45 s", "1 h 02 min": a reading time at a glance. */
export function formatReadingTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const TOP_SECTIONS = 5;

/** A figure with, when it needs one, what it counts in words on the screen (not only a tooltip: issue 37). */
function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

/**
 * "Leitura": what the client read on the public page — each visit, the total reading time, the sections read
 * longest and whether the PDF was downloaded (docs/product.md#reading).
 */
export function ReadingPanel({ proposalId }: { proposalId: string }) {
  const query = useProposalReading(proposalId);
  return (
    <SectionPanel
      title="Leitura"
      description="O que o cliente leu na página da proposta: tempo com a página visível e em cada secção."
    >
      <PanelStates
        query={query}
        loadingLabel="A carregar a leitura…"
        error={{ message: 'Não foi possível carregar a leitura.', fixed: true }}
      >
        {(data) =>
          data.visitCount === 0 ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Ainda não há leituras registadas: o cliente não abriu a proposta.
              </Text>
              {data.pdfDownloadedAt && (
                <Text size="sm">
                  PDF descarregado pelo cliente em {formatDateTime(data.pdfDownloadedAt)}.
                </Text>
              )}
            </Stack>
          ) : (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Stat label="Visitas" value={formatCount(data.visitCount)} hint={VISITS_EXPLAINED} />
                <Stat label="Tempo total de leitura" value={formatReadingTime(data.totalMs)} />
                <Stat
                  label="PDF descarregado"
                  value={data.pdfDownloadedAt ? `Sim, ${formatDateTime(data.pdfDownloadedAt)}` : 'Não'}
                />
              </SimpleGrid>

              {data.sections.length > 0 && (
                <div>
                  <Text size="sm" fw={600} mb={6}>
                    Secções mais lidas
                  </Text>
                  <List spacing={8} size="sm" listStyleType="none" aria-label="Secções mais lidas">
                    {data.sections.slice(0, TOP_SECTIONS).map((s) => (
                      <List.Item key={s.id}>
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {s.label}
                          </Text>
                          <Text
                            size="sm"
                            c="dimmed"
                            style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
                          >
                            {formatReadingTime(s.ms)}
                          </Text>
                        </Group>
                        <Progress
                          value={Math.max(2, (s.ms / (data.sections[0]?.ms || 1)) * 100)}
                          size="sm"
                          mt={4}
                          aria-label={`${s.label}: ${formatReadingTime(s.ms)}`}
                        />
                      </List.Item>
                    ))}
                  </List>
                </div>
              )}

              <div>
                <Text size="sm" fw={600} mb={6}>
                  Visitas
                </Text>
                {data.visits.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    As visitas mais antigas foram agregadas (prazo de conservação da organização).
                  </Text>
                ) : (
                  <List spacing={6} size="sm" listStyleType="none" aria-label="Visitas do cliente">
                    {data.visits.map((v) => (
                      <List.Item key={`${v.startedAt}-${v.lastSeenAt}`}>
                        <Group gap={6} wrap="wrap">
                          <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {formatDateTime(v.startedAt)}
                          </Text>
                          <Text span size="sm" fw={600}>
                            {DEVICE_LABELS[v.device]}
                          </Text>
                          <Text span size="sm" c="dimmed">
                            {formatReadingTime(v.visibleMs)}
                          </Text>
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                )}
                {data.aggregatedVisits > 0 && data.visits.length > 0 && (
                  <Text size="xs" c="dimmed" mt={6}>
                    Mais {data.aggregatedVisits} visitas antigas, agregadas pelo prazo de conservação.
                  </Text>
                )}
              </div>
            </Stack>
          )
        }
      </PanelStates>
    </SectionPanel>
  );
}
