import { formatMoney } from '@aceite/shared/money';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import {
  SEPA_NOTICE_DAYS,
  SEPA_SEQUENCE_LABELS,
  sepaCalendarDay,
  sepaPatternLabel,
  sepaSchedule,
  termsOnAcceptance,
} from '@aceite/shared/sepa/schedule-core';
import { formatCalendarDate } from './format';

/**
 * "Pagamento por Débito Direto SEPA" on the client's page (docs/product.md#the-schedule-in-the-proposal): the
 * creditor the mandate names and the collections of the total the client is looking at (their configuration's
 * while they choose), dated as they would be if the client accepted today — after a decision, as accepted.
 * "Today" is the organization's calendar day (`sepaCalendarDay` in the time zone the proposal carries), the same
 * on the server's render, in the browser and at the acceptance (docs/decisions.md, "Issue 39 — SEPA: one calendar day, the organization's").
 */
export function SepaScheduleSection({ proposal, total }: { proposal: PublicProposal; total: number }) {
  const terms = proposal.sepa;
  if (!terms) return null;
  const decided = proposal.acceptedAt ?? proposal.signedAt;
  const today = sepaCalendarDay(decided ?? new Date(), terms.timeZone);
  const shown = termsOnAcceptance(terms, today);
  const schedule = sepaSchedule(total, shown);
  return (
    <section className="pp-section" aria-labelledby="sepa-title">
      <h2 className="pp-h2" id="sepa-title">
        Pagamento por Débito Direto SEPA
      </h2>
      <p className="pp-item-description">
        {sepaPatternLabel(terms)}, debitadas na conta que indicar ao aceitar. Credor:{' '}
        <strong>{terms.creditorName}</strong>, identificador de credor {terms.creditorIdentifier}.
      </p>
      {schedule.length > 0 ? (
        <div className="pp-table-wrap">
          <table className="pp-table" data-testid="sepa-schedule">
            <caption className="pp-visually-hidden">Plano de cobranças por Débito Direto SEPA</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Tipo</th>
                <th scope="col" className="pp-num">
                  Valor
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.map((instalment) => (
                <tr key={instalment.sequence}>
                  <td>{formatCalendarDate(instalment.collectionDate)}</td>
                  <td>{SEPA_SEQUENCE_LABELS[instalment.sequenceType]}</td>
                  <td className="pp-num">{formatMoney(instalment.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {decided ? null : (
        <p className="pp-item-description">
          A primeira cobrança é feita pelo menos {SEPA_NOTICE_DAYS} dias depois da aceitação; antes de cada
          cobrança recebe um aviso por email com o valor e a data.
        </p>
      )}
    </section>
  );
}
