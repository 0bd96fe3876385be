import { differsFromOffer, pricedLines, shownTotal } from '@aceite/shared/agreed';
import { itemChoiceNote } from '@aceite/shared/client-choice';
import { formatPercent } from '@aceite/shared/format-percent';
import { formatMoney, formatUnitPrice } from '@aceite/shared/money';
import { clientShownStatus, STATUS_LABELS, statusTone } from '@aceite/shared/proposal-status';
import { blockSectionId, READING_ITEMS_SECTION } from '@aceite/shared/reading';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { lineTerms, lineTotal, type Totals, taxLabel } from '@aceite/shared/totals';
import type { ReactNode } from 'react';
import { heroFigures } from './figures';
import { formatCalendarDate, formatNumber } from './format';
import { usePageDates } from './page-dates';
import { IssuerMeta, ProposalNumberMeta, TaxIdLine } from './proposal-identity';
import { TaxBreakdown } from './tax-breakdown';

type Item = PublicProposal['content']['items'][number];

/**
 * Quantity defaults to 1 and unit price to 0 (docs/product.md#public-page), also for content stored before
 * those defaults.
 */
function normalizeItem(item: Partial<Item>) {
  const quantity = typeof item.quantity === 'number' && Number.isFinite(item.quantity) ? item.quantity : 1;
  const unitPrice =
    typeof item.unitPrice === 'number' && Number.isFinite(item.unitPrice) ? item.unitPrice : 0;
  const discount = typeof item.discount === 'number' ? item.discount : 0;
  const tax = typeof item.tax === 'number' ? item.tax : null;
  return {
    name: item.name ?? '',
    description: item.description ?? '',
    quantity,
    unit: item.unit ?? '',
    unitPrice,
    discount,
    tax,
    lineTotal: lineTotal({ quantity, unitPrice, discount }),
  };
}

/** One status word across screens: a signed proposal reads 'Assinada' here as in the team's lists (issue 33). */
// The team's screens draw it with components/proposal-status-badge.tsx; this page, which carries no UI kit
// (docs/architecture.md, "The public page"), draws the same label and colour pair as a plain element.
export function StatusBadge({ proposal }: { proposal: Pick<PublicProposal, 'status' | 'signedAt'> }) {
  const status = clientShownStatus(proposal);
  const tone = statusTone(status);
  return (
    <span className="pp-badge" style={{ background: tone.background, color: tone.color }}>
      {STATUS_LABELS[status]}
    </span>
  );
}

function ProposalHero({ proposal, showJump }: { proposal: PublicProposal; showJump: boolean }) {
  const owner = `${proposal.owner.firstName} ${proposal.owner.lastName}`.trim();
  const { formatDate } = usePageDates();
  return (
    <div className="pp-hero">
      <div className="pp-hero-top">
        <StatusBadge proposal={proposal} />
      </div>
      <h1 className="pp-title" id="proposal-title">
        {proposal.title}
      </h1>
      {proposal.description ? <p className="pp-description pp-pre">{proposal.description}</p> : null}

      <dl className="pp-meta">
        <ProposalNumberMeta proposal={proposal} />
        {proposal.client ? (
          <div>
            <dt>Preparada para</dt>
            <dd>
              {proposal.client.name}
              {proposal.client.company ? (
                <span className="pp-meta-secondary">{proposal.client.company}</span>
              ) : null}
              <TaxIdLine taxId={proposal.client.taxId} />
            </dd>
          </div>
        ) : null}
        <IssuerMeta proposal={proposal} />
        <div>
          <dt>Responsável</dt>
          <dd>
            {owner}
            <span className="pp-meta-secondary">
              <a className="pp-link" href={`mailto:${proposal.owner.email}`}>
                {proposal.owner.email}
              </a>
            </span>
          </dd>
        </div>
        <div>
          <dt>Emitida em</dt>
          <dd>{formatDate(proposal.createdAt)}</dd>
        </div>
        <div>
          <dt>Válida até</dt>
          <dd>{proposal.validUntil ? formatCalendarDate(proposal.validUntil) : 'Sem data limite'}</dd>
        </div>
      </dl>

      <div className="pp-hero-total">
        <span>
          <span className="pp-hero-total-label">Valor total </span>
          <span className="pp-hero-total-value">{formatMoney(shownTotal(heroFigures(proposal)))}</span>
          {differsFromOffer(heroFigures(proposal)) ? (
            <span className="pp-meta-secondary" data-testid="original-total">
              Proposta original: {formatMoney(proposal.totalValue)}
            </span>
          ) : null}
        </span>
        {showJump ? (
          <a className="pp-link pp-jump pp-no-print" href="#resposta">
            Responder à proposta
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ContentBlocks({ blocks }: { blocks: PublicProposal['content']['blocks'] }) {
  return blocks
    .map((block, index) => ({ block, index }))
    .filter(({ block }) => block.title?.trim() || block.content?.trim())
    .map(({ block, index }) => (
      // Blocks have no id of their own and never reorder while the page is open. data-reading: the section the
      // reading tracker measures, by the block's position in the content (docs/product.md#reading).
      <section className="pp-section" key={index} data-reading={blockSectionId(index)}>
        {block.title?.trim() ? <h2 className="pp-h2">{block.title}</h2> : null}
        {block.content ? <p className="pp-block-text pp-pre">{block.content}</p> : null}
      </section>
    ));
}

type Line = ReturnType<typeof normalizeItem>;

function ItemsTable({ lines, taxRate }: { lines: { line: Line; note: string | null }[]; taxRate: number }) {
  if (lines.length === 0) return null;
  return (
    <div className="pp-table-wrap">
      <table className="pp-table">
        <caption className="pp-visually-hidden">Itens da proposta com quantidade, preço e total</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="pp-num pp-col-detail">
              Qtd.
            </th>
            <th scope="col" className="pp-num pp-col-detail">
              Preço unitário
            </th>
            <th scope="col" className="pp-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ line: item, note }, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder here
            <tr key={index}>
              <td>
                <span className="pp-item-name">{item.name || 'Item sem nome'}</span>
                {item.description ? (
                  <span className="pp-item-description pp-pre">{item.description}</span>
                ) : null}
                {lineTerms(item, taxRate).length > 0 ? (
                  <span className="pp-item-description">{lineTerms(item, taxRate).join(' · ')}</span>
                ) : null}
                {note ? <span className="pp-item-description">{note}</span> : null}
                <span className="pp-item-qtyline" aria-hidden="true">
                  {formatNumber(item.quantity)} × {formatUnitPrice(item.unitPrice, item.unit)}
                </span>
              </td>
              <td className="pp-num pp-col-detail">{formatNumber(item.quantity)}</td>
              <td className="pp-num pp-col-detail">{formatUnitPrice(item.unitPrice, item.unit)}</td>
              <td className="pp-num">{formatMoney(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TotalsList({
  proposal,
  totals,
  priced,
}: {
  proposal: PublicProposal;
  totals: Totals;
  priced: readonly Line[];
}) {
  const discountLabel =
    proposal.discountType === 'percentage'
      ? `Desconto (${formatPercent(proposal.discountValue)})`
      : 'Desconto';
  return (
    <>
      <dl className="pp-totals">
        <div className="pp-totals-row">
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
        </div>
        {totals.discountAmount > 0 ? (
          <div className="pp-totals-row">
            <dt>{discountLabel}</dt>
            <dd>−{formatMoney(totals.discountAmount)}</dd>
          </div>
        ) : null}
        <div className="pp-totals-row">
          <dt>{taxLabel(priced, proposal.taxRate)}</dt>
          <dd>{formatMoney(totals.taxAmount)}</dd>
        </div>
        <div className="pp-totals-row pp-totals-grand">
          <dt>Total</dt>
          <dd>{formatMoney(totals.totalValue)}</dd>
        </div>
      </dl>
      <TaxBreakdown rows={totals.taxBreakdown} />
    </>
  );
}

/** The offer as sent: every line with its choice note, and the stored totals. */
function OfferedItems({ proposal }: { proposal: PublicProposal }) {
  const lines = proposal.content.items.map((raw) => ({
    line: normalizeItem(raw),
    note: itemChoiceNote(raw),
  }));
  const offered = {
    subtotal: proposal.subtotal,
    discountAmount: proposal.discountAmount,
    taxAmount: proposal.taxAmount,
    totalValue: proposal.totalValue,
    taxBreakdown: proposal.taxBreakdown,
  };
  return (
    <>
      <ItemsTable lines={lines} taxRate={proposal.taxRate} />
      <TotalsList proposal={proposal} totals={offered} priced={lines.map(({ line }) => line)} />
    </>
  );
}

/**
 * Before a decision, the offer. After the client accepted or signed a configuration, what they agreed to —
 * the chosen lines and their totals, by the same projection as the sealed PDF — with the offer as sent one
 * click away under "Proposta original" (docs/product.md#signed-figures).
 */
function ItemsAndTotals({ proposal }: { proposal: PublicProposal }) {
  const agreed = proposal.clientChoice
    ? pricedLines({
        items: proposal.content.items.map((raw) => ({ ...raw, ...normalizeItem(raw) })),
        choice: proposal.clientChoice.choice,
        discountType: proposal.discountType,
        discountValue: proposal.discountValue,
        taxRate: proposal.taxRate,
      })
    : null;
  return (
    <section className="pp-section" aria-labelledby="items-title" data-reading={READING_ITEMS_SECTION}>
      <h2 className="pp-h2" id="items-title">
        {agreed ? 'Configuração escolhida' : 'Itens e valores'}
      </h2>
      {agreed ? (
        <>
          <ItemsTable
            lines={agreed.lines.map((line) => ({ line: normalizeItem(line), note: null }))}
            taxRate={proposal.taxRate}
          />
          {agreed.leftOut.length > 0 ? (
            <p className="pp-item-description">
              Não escolhidos: {agreed.leftOut.map((item) => item.name || 'Item sem nome').join(', ')}
            </p>
          ) : null}
          <TotalsList proposal={proposal} totals={agreed.totals} priced={agreed.priced} />
          <details className="pp-original">
            <summary>Proposta original ({formatMoney(proposal.totalValue)})</summary>
            <OfferedItems proposal={proposal} />
          </details>
        </>
      ) : (
        <OfferedItems proposal={proposal} />
      )}
      {proposal.validUntil ? (
        <p className="pp-validity">Proposta válida até {formatCalendarDate(proposal.validUntil)}.</p>
      ) : null}
    </section>
  );
}

/**
 * The proposal itself, as the client reads and prints it. `sepa` and `after` are the page's islands inside it
 * (regions.tsx): the SEPA schedule, which follows the configuration the client is choosing, and the files.
 */
export function ProposalDocument({
  proposal,
  sepa,
  after,
}: {
  proposal: PublicProposal;
  sepa?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <article className="pp-card pp-doc" aria-labelledby="proposal-title">
      <ProposalHero proposal={proposal} showJump={proposal.isActionable} />
      <ContentBlocks blocks={proposal.content.blocks} />
      <ItemsAndTotals proposal={proposal} />
      {sepa}
      {after}
    </article>
  );
}
