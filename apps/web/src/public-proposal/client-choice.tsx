import {
  applyClientChoice,
  type ClientChoice,
  defaultChoice,
  hasClientChoice,
  hasQuantityRange,
  isOptionalItem,
  quantityRange,
  requiresWholeQuantity,
} from '@aceite/shared/client-choice';
import { formatMoney, formatUnitPrice } from '@aceite/shared/money';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { computeTotals, lineTotal, taxLabel } from '@aceite/shared/totals';
import { unitFor } from '@aceite/shared/units';
import { useEffect, useState } from 'react';
import { formatNumber } from './format';
import { useHydrated } from './hydrated';
import './client-choice.css';

type Item = PublicProposal['content']['items'][number];

/**
 * The client's choice of optional items and quantities (docs/product.md#client-choice), kept by the page
 * and sent with accept and sign; starts as the default choice.
 */
export function useClientChoice(proposal: PublicProposal) {
  const items = proposal.content.items;
  const [state, setState] = useState(() => ({ version: proposal.version, choice: defaultChoice(items) }));
  // Another version of the proposal (reloaded) starts again from its own default.
  const choice = state.version === proposal.version ? state.choice : defaultChoice(items);
  const setChoice = (next: ClientChoice) => setState({ version: proposal.version, choice: next });
  return { choice, setChoice, active: hasClientChoice(items) };
}

/** The totals of a choice, with the shared functions the server checks the decision with. */
export function choiceTotals(proposal: PublicProposal, choice: ClientChoice) {
  const items = applyClientChoice(proposal.content.items, choice);
  return {
    items,
    ...computeTotals({
      items,
      discountType: proposal.discountType,
      discountValue: proposal.discountValue,
      taxRate: proposal.taxRate,
    }),
  };
}

interface QuantityStepperProps {
  item: Item;
  name: string;
  value: number;
  disabled: boolean;
  onChange: (quantity: number) => void;
}

/** A quantity within the item's range: − / + by one, or typed (kept only when valid). */
function QuantityStepper({ item, name, value, disabled, onChange }: QuantityStepperProps) {
  const { min, max } = quantityRange(item);
  const whole = requiresWholeQuantity(item);
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const step = (delta: number) => onChange(Math.min(Math.max(value + delta, min), max));
  const id = `pp-choice-qty-${name}`;
  return (
    <div className="pp-choice-qty">
      <button
        type="button"
        className="pp-choice-step"
        aria-label={`Diminuir a quantidade de ${name}`}
        disabled={disabled || value - 1 < min}
        onClick={() => step(-1)}
      >
        −
      </button>
      <input
        id={id}
        className="pp-choice-input"
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        aria-label={`Quantidade de ${name}`}
        aria-describedby={`${id}-range`}
        min={min}
        max={max}
        step={whole ? 1 : 0.01}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.currentTarget.value);
          const n = event.currentTarget.valueAsNumber;
          if (Number.isFinite(n) && n >= min && n <= max && (!whole || Number.isInteger(n))) onChange(n);
        }}
        onBlur={() => setText(String(value))}
      />
      <button
        type="button"
        className="pp-choice-step"
        aria-label={`Aumentar a quantidade de ${name}`}
        disabled={disabled || value + 1 > max}
        onClick={() => step(1)}
      >
        +
      </button>
      <span className="pp-choice-range" id={`${id}-range`}>
        {`de ${formatNumber(min)} a ${formatNumber(max)}${item.unit ? ` ${unitFor(max, item.unit)}` : ''}`}
      </span>
    </div>
  );
}

interface ClientChoicePanelProps {
  proposal: PublicProposal;
  choice: ClientChoice;
  onChange: (choice: ClientChoice) => void;
}

/**
 * "Personalize a sua proposta": the optional items to tick and the quantities to adjust, with the totals
 * recomputed as the client changes them (docs/product.md#client-choice).
 */
export function ClientChoicePanel({ proposal, choice, onChange }: ClientChoicePanelProps) {
  const items = proposal.content.items;
  const totals = choiceTotals(proposal, choice);
  const ready = useHydrated();
  const update = (index: number, change: { selected?: boolean; quantity?: number }) =>
    onChange({
      items: choice.items.map((entry) => (entry.index === index ? { ...entry, ...change } : entry)),
    });
  return (
    <section className="pp-card pp-choice" aria-labelledby="choice-title">
      <h2 className="pp-h2" id="choice-title">
        Personalize a sua proposta
      </h2>
      <p className="pp-lead">
        Escolha os itens opcionais e ajuste as quantidades; o total é atualizado e segue com a sua resposta.
      </p>
      <ul className="pp-choice-list">
        {choice.items.map((entry) => {
          const item = items[entry.index];
          if (!item || !(isOptionalItem(item) || hasQuantityRange(item))) return null;
          const name = item.name || `Item ${entry.index + 1}`;
          return (
            <li className="pp-choice-item" key={entry.index}>
              <div className="pp-choice-head">
                {isOptionalItem(item) ? (
                  <label className="pp-choice-check">
                    <input
                      type="checkbox"
                      checked={entry.selected}
                      disabled={!ready}
                      onChange={(event) => update(entry.index, { selected: event.currentTarget.checked })}
                    />
                    <span>
                      Incluir <span className="pp-item-name">{name}</span>
                    </span>
                  </label>
                ) : (
                  <span className="pp-item-name">{name}</span>
                )}
                <span className="pp-choice-line">
                  {entry.selected
                    ? formatMoney(lineTotal({ ...item, quantity: entry.quantity }))
                    : 'Não incluído'}
                </span>
              </div>
              <span className="pp-item-description">{formatUnitPrice(item.unitPrice, item.unit)}</span>
              {hasQuantityRange(item) ? (
                <QuantityStepper
                  item={item}
                  name={name}
                  value={entry.quantity}
                  disabled={!ready || !entry.selected}
                  onChange={(quantity) => update(entry.index, { quantity })}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <dl className="pp-totals" aria-live="polite">
        <div className="pp-totals-row">
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
        </div>
        {totals.discountAmount > 0 ? (
          <div className="pp-totals-row">
            <dt>Desconto</dt>
            <dd>−{formatMoney(totals.discountAmount)}</dd>
          </div>
        ) : null}
        <div className="pp-totals-row">
          <dt>{taxLabel(totals.items, proposal.taxRate)}</dt>
          <dd>{formatMoney(totals.taxAmount)}</dd>
        </div>
        <div className="pp-totals-row pp-totals-grand">
          <dt>Total com a sua escolha</dt>
          <dd data-testid="choice-total">{formatMoney(totals.totalValue)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** After accepting: the configuration the client chose, as stored with the decision. */
export function ChosenSummary({ proposal }: { proposal: PublicProposal }) {
  const chosen = proposal.clientChoice;
  if (!chosen || !hasClientChoice(proposal.content.items)) return null;
  return (
    <div className="pp-chosen">
      <h3 className="pp-chosen-title">A sua escolha</h3>
      <ul className="pp-chosen-list">
        {chosen.items.map((item) => (
          <li key={item.index}>
            {item.name || `Item ${item.index + 1}`} × {formatNumber(item.quantity)}
          </li>
        ))}
      </ul>
      <p className="pp-chosen-total">
        Total escolhido: <strong>{formatMoney(chosen.totalValue)}</strong>
      </p>
    </div>
  );
}
