import type { EvidenceEvent } from '@aceite/shared/schemas/evidence';
import { Alert, Badge, Group, List, Text } from '@mantine/core';
import { PanelStates } from '@/components/panel-states';
import { SectionPanel } from '@/components/section-panel';
import { formatDateTime } from '@/lib/format';
import { useEvidence } from '../api/get-evidence';

const LABELS: Record<EvidenceEvent['type'], string> = {
  sent: 'Enviada ao cliente por email',
  viewed: 'Vista pelo cliente',
  pdf_downloaded: 'PDF descarregado pelo cliente',
  code_sent: 'Código de confirmação enviado',
  code_used: 'Código de confirmação usado',
  accepted: 'Aceite pelo cliente',
  rejected: 'Rejeitada pelo cliente',
  signed: 'Assinada pelo cliente',
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The details of one event that a person reads: where from, which version, which address. */
export function evidenceDetails(e: EvidenceEvent): string {
  const p = e.payload;
  const parts = [
    typeof p.version === 'number' && p.version > 0 ? `versão ${p.version}` : null,
    text(p.maskedEmail) ? `para ${text(p.maskedEmail)}` : null,
    text(p.reason) ? `motivo «${text(p.reason)}»` : null,
    text(p.ip) ? `rede ${text(p.ip)}` : null,
    text(p.userAgent),
    text(p.contentSha256) ? `conteúdo SHA-256 ${text(p.contentSha256)?.slice(0, 12)}…` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * 'Registo de prova': every event of the proposal with the client, one line each, and whether the chain is
 * intact (docs/product.md#evidence).
 */
export function EvidencePanel({ proposalId }: { proposalId: string }) {
  const query = useEvidence(proposalId);
  const status = query.data ? (
    query.data.intact ? (
      <Badge color="green" variant="light">
        Cadeia íntegra
      </Badge>
    ) : (
      <Badge color="red" variant="light">
        Cadeia quebrada
      </Badge>
    )
  ) : null;
  return (
    <SectionPanel
      title="Registo de prova"
      description="Cada evento guarda o resumo (SHA-256) do anterior: alterar ou apagar um evento deixa de bater certo."
      actions={status}
    >
      <PanelStates
        query={query}
        loadingLabel="A carregar o registo…"
        error={{ message: 'Não foi possível carregar o registo de prova.', fixed: true }}
      >
        {(data) => (
          <>
            {!data.intact && (
              <Alert color="red" variant="light" mb="sm">
                O registo foi alterado a partir do evento n.º {data.brokenAt}: os eventos seguintes não podem
                ser confirmados.
              </Alert>
            )}
            {/* The server hides them once the client is pseudonymised (docs/product.md#chain-after-pseudonymisation). */}
            {data.clientPseudonymised && (
              <Text size="sm" c="dimmed" mb="sm">
                O cliente foi eliminado: a rede e o endereço de email dos eventos estão ocultos; os eventos
                guardados não mudam.
              </Text>
            )}
            {data.events.length === 0 ? (
              <Text size="sm" c="dimmed">
                Ainda não há eventos: a proposta não foi enviada nem vista pelo cliente.
              </Text>
            ) : (
              <List spacing={6} size="sm" listStyleType="none" aria-label="Eventos do registo de prova">
                {data.events.map((e) => (
                  <List.Item key={e.seq}>
                    <Group gap={6} wrap="wrap">
                      <Text span size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {e.seq}. {formatDateTime(e.occurredAt)}
                      </Text>
                      <Text span size="sm" fw={600}>
                        {LABELS[e.type]}
                      </Text>
                      {evidenceDetails(e) && (
                        <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {evidenceDetails(e)}
                        </Text>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
      </PanelStates>
    </SectionPanel>
  );
}
