import { formatPercent } from '@aceite/shared/format-percent';
import { formatMoney } from '@aceite/shared/money';
import { IconBuildingBank, IconCircleCheckFilled, IconEye } from '@tabler/icons-react';
import classes from './landing.module.css';

const ITEMS = [
  { name: 'Design UX/UI', quantity: 1, unitPrice: 240_000 },
  { name: 'Loja online e integrações', quantity: 1, unitPrice: 380_000 },
  { name: 'Manutenção mensal', quantity: 12, unitPrice: 9_000 },
];
const SUBTOTAL = ITEMS.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
const TAX = Math.round(SUBTOTAL * 0.23);

/** A decorative proposal, drawn with components and CSS (no images), showing what a client receives. */
export function HeroMockup() {
  return (
    <div
      className={classes.mockup}
      role="img"
      aria-label="Exemplo de uma proposta aceite e assinada no Aceite"
    >
      <div className={classes.mockupCard}>
        <div className={classes.mockupTop}>
          <div className={classes.mockupFrom}>
            <span className={classes.mockupAvatar}>LC</span>
            <div>
              <div className={classes.mockupStrong}>Lumen Criativos, Lda.</div>
              <div className={classes.mockupMuted}>Proposta N.º 2026-048</div>
            </div>
          </div>
          <span className={classes.statusPill}>
            <IconCircleCheckFilled size={14} aria-hidden="true" />
            Aceite
          </span>
        </div>
        <div className={classes.mockupTitle}>Novo website e loja online</div>
        <div className={classes.mockupMuted}>Para Padaria Central · válida até 30/04</div>
        <div className={classes.mockupItems}>
          {ITEMS.map((item) => (
            <div key={item.name} className={classes.mockupRow}>
              <div>
                <div className={classes.mockupStrong}>{item.name}</div>
                <div className={classes.mockupMuted}>
                  {item.quantity} × {formatMoney(item.unitPrice)}
                </div>
              </div>
              <div className={classes.mockupAmount}>{formatMoney(item.quantity * item.unitPrice)}</div>
            </div>
          ))}
        </div>
        <div className={classes.mockupTotals}>
          <div className={classes.mockupRow}>
            <span>Subtotal</span>
            <span>{formatMoney(SUBTOTAL)}</span>
          </div>
          <div className={classes.mockupRow}>
            <span>IVA ({formatPercent(23)})</span>
            <span>{formatMoney(TAX)}</span>
          </div>
          <div className={`${classes.mockupRow} ${classes.mockupTotal}`}>
            <span>Total</span>
            <span>{formatMoney(SUBTOTAL + TAX)}</span>
          </div>
        </div>
        <div className={classes.mockupSignature}>
          <svg
            viewBox="0 0 160 48"
            width="120"
            height="36"
            aria-hidden="true"
            className={classes.mockupScribble}
          >
            <path
              d="M4 34c10-18 18-26 22-22s-8 26-2 26 14-30 22-28-4 24 4 22 10-16 16-14 2 12 8 10 8-8 14-8 6 6 12 4 14-6 22-8"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <div>
            <div className={classes.mockupStrong}>Assinado por Marta Ferreira</div>
            <div className={classes.mockupMuted}>Assinatura digital · 12/03 às 10:42</div>
          </div>
        </div>
      </div>
      <div className={`${classes.chip} ${classes.chipTop}`} aria-hidden="true">
        <span className={classes.chipIcon}>
          <IconEye size={16} />
        </span>
        <div>
          <div className={classes.mockupStrong}>Proposta aberta</div>
          <div className={classes.mockupMuted}>há 2 min · 3.ª leitura</div>
        </div>
      </div>
      <div className={`${classes.chip} ${classes.chipBottom}`} aria-hidden="true">
        <span className={`${classes.chipIcon} ${classes.chipIconGreen}`}>
          <IconBuildingBank size={16} />
        </span>
        <div>
          <div className={classes.mockupStrong}>Débito Direto SEPA</div>
          <div className={classes.mockupMuted}>Mandato autorizado</div>
        </div>
      </div>
    </div>
  );
}
