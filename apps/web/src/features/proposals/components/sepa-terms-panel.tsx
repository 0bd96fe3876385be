import { formatCalendarDate } from '@aceite/shared/dates';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import {
  sepaCalendarDay,
  sepaPatternLabel,
  sepaSchedule,
  termsOnAcceptance,
} from '@aceite/shared/sepa/schedule-core';
import { Text } from '@mantine/core';
import { SectionPanel } from '@/components/section-panel';
import { useOrganizationTimeZone } from './dates';
import { SepaScheduleTable } from './sepa-schedule-table';

/**
 * "Pagamento por Débito Direto SEPA" on the proposal's page (docs/product.md#the-schedule-in-the-proposal): the
 * terms and the collections of the total; once accepted, of the agreed total, dated as they were signed.
 */
export default function SepaTermsPanel({ proposal }: { proposal: Proposal }) {
  const timeZone = useOrganizationTimeZone();
  const terms = proposal.sepa;
  if (!terms) return null;
  const decided = proposal.acceptedAt ?? proposal.signedAt;
  const shown = decided ? termsOnAcceptance(terms, sepaCalendarDay(decided, timeZone)) : terms;
  return (
    <SectionPanel title="Pagamento por Débito Direto SEPA" bodyGap="sm">
      <Text size="sm">
        {sepaPatternLabel(terms)}, a partir de {formatCalendarDate(terms.firstCollectionDate)}.
      </Text>
      <SepaScheduleTable
        schedule={sepaSchedule(proposal.agreedTotal ?? proposal.totalValue, shown)}
        label="Plano de cobranças"
      />
      {decided ? null : (
        <Text size="xs" c="dimmed">
          Se o cliente aceitar a menos de 5 dias da primeira data, as cobranças começam 5 dias depois da
          aceitação.
        </Text>
      )}
    </SectionPanel>
  );
}
