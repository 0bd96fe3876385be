import { formatPercent } from '@aceite/shared/format-percent';
import { formatMoney } from '@aceite/shared/money';
import { showsTaxBreakdown, type TaxBreakdownRow } from '@aceite/shared/totals';
import { exemptionMention } from '@aceite/shared/vat-exemptions';

/**
 * The IVA by rate under the totals, as Portuguese invoices show it (docs/product.md#totals): rate, tax base and
 * IVA, with the exemption mention of a 0 % row. Shown when the proposal has more than one rate or an exemption.
 */
export function TaxBreakdown({ rows }: { rows: readonly TaxBreakdownRow[] }) {
  if (!showsTaxBreakdown(rows)) return null;
  return (
    <div className="pp-table-wrap pp-tax-breakdown">
      <table className="pp-table">
        <caption className="pp-tax-caption">IVA por taxa</caption>
        <thead>
          <tr>
            <th scope="col">Taxa</th>
            <th scope="col" className="pp-num">
              Base tributável
            </th>
            <th scope="col" className="pp-num">
              IVA
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.rate}-${row.exemption ?? ''}`}>
              <td>
                {formatPercent(row.rate)}
                {row.exemption ? (
                  <span className="pp-item-description">{exemptionMention(row.exemption)}</span>
                ) : null}
              </td>
              <td className="pp-num">{formatMoney(row.base)}</td>
              <td className="pp-num">{formatMoney(row.tax)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
