import { formatCalendarDate } from '@aceite/shared/dates';
import { formatMoney } from '@aceite/shared/money';
import { SEPA_SEQUENCE_LABELS, type SepaInstalment } from '@aceite/shared/sepa/schedule-core';
import { Table } from '@mantine/core';

/** The schedule's collections, as the editor previews them and the proposal's page lists them. */
export function SepaScheduleTable({ schedule, label }: { schedule: SepaInstalment[]; label: string }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.map((instalment) => (
            <Table.Tr key={instalment.sequence}>
              <Table.Td>{formatCalendarDate(instalment.collectionDate)}</Table.Td>
              <Table.Td>{SEPA_SEQUENCE_LABELS[instalment.sequenceType]}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(instalment.amountCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
