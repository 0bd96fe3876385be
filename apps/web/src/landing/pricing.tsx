import { formatEuros } from '@aceite/shared/money';
import {
  type BillingPeriod,
  displayedMonthlyPrice,
  PLANS,
  type Plan,
  SALES_EMAIL,
  YEARLY_SAVING_PERCENT,
} from '@aceite/shared/pricing';
import { TRIAL_DAYS } from '@aceite/shared/trial';
import { IconCheck, IconX } from '@tabler/icons-react';
import classes from './landing.module.css';
import { LinkButton } from './link-button';
import { TRIAL_POINTS, TrustList } from './trust-list';

const ENTERPRISE_MAILTO = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Plano Enterprise do Aceite')}`;

const PERIODS: { value: BillingPeriod; label: string; badge?: string }[] = [
  { value: 'monthly', label: 'Mensal' },
  { value: 'yearly', label: 'Anual', badge: `-${YEARLY_SAVING_PERCENT}%` },
];

/**
 * The Mensal/Anual switch works without JavaScript: both prices are in the page and the checked radio picks the
 * one shown, in CSS (`.pricingSection:has(…)` in landing.module.css), so the landing page ships no script at all
 * (docs/decisions.md, "Issue 27 — a lighter sign-in and landing").
 */
function BillingToggle() {
  return (
    <div role="radiogroup" aria-label="Periodicidade de faturação" className={classes.toggle}>
      {PERIODS.map((option) => (
        <label key={option.value} className={classes.toggleOption}>
          <input
            type="radio"
            name="billing-period"
            value={option.value}
            defaultChecked={option.value === 'monthly'}
            className={classes.toggleInput}
          />
          {option.label}
          {option.badge ? <span className={classes.saveBadge}>{option.badge}</span> : null}
        </label>
      ))}
    </div>
  );
}

const PERIOD_CLASS: Record<BillingPeriod, string | undefined> = {
  monthly: classes.monthlyOnly,
  yearly: classes.yearlyOnly,
};

function CustomPrice() {
  return (
    <div className={classes.priceBlock}>
      <p className={classes.priceRow}>
        <span className={classes.priceCustom}>Preço à medida</span>
      </p>
      <p className={classes.billingNote}>Fale connosco para uma proposta</p>
    </div>
  );
}

/** One period's price; both are rendered and the toggle's CSS shows one. */
function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const monthly = displayedMonthlyPrice(plan, period);
  if (monthly === null) return <CustomPrice />;
  return (
    <div className={`${classes.priceBlock} ${PERIOD_CLASS[period]}`} data-period={period}>
      <p className={classes.priceRow}>
        <span className={classes.price}>{formatEuros(monthly)}</span>
        <span className={classes.pricePeriod}>/mês</span>
      </p>
      <p className={classes.billingNote}>
        {period === 'yearly' ? `Faturado €${plan.priceYearly}/ano` : 'Faturado mensalmente'}
      </p>
    </div>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={classes.planCard}
      data-highlight={plan.highlight || undefined}
    >
      {plan.badge ? <span className={classes.planBadge}>{plan.badge}</span> : null}
      <h3 id={titleId} className={classes.planName}>
        {plan.name}
      </h3>
      <p className={classes.planDescription}>{plan.description}</p>
      {plan.customPrice ? (
        <CustomPrice />
      ) : (
        <>
          <PlanPrice plan={plan} period="monthly" />
          <PlanPrice plan={plan} period="yearly" />
        </>
      )}
      <LinkButton
        href={plan.customPrice ? ENTERPRISE_MAILTO : '/register'}
        fullWidth
        variant={plan.highlight ? 'filled' : 'outline'}
      >
        {plan.cta}
      </LinkButton>
      <ul className={classes.planList}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <IconCheck size={18} stroke={2.5} className={classes.planCheck} aria-hidden="true" />
            {feature}
          </li>
        ))}
        {plan.limits.map((limit) => (
          <li key={limit} className={classes.planLimit}>
            <IconX size={18} stroke={2.5} aria-hidden="true" />
            {limit}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function Pricing() {
  return (
    <section
      id="precos"
      className={`${classes.section} ${classes.pricingSection}`}
      aria-labelledby="pricing-title"
    >
      <div className={classes.container}>
        <div className={classes.sectionHeading}>
          <p className={classes.eyebrow}>Preços</p>
          <h2 id="pricing-title" className={classes.sectionTitle}>
            Planos simples, sem surpresas
          </h2>
          <p className={classes.sectionLead}>
            Comece com {TRIAL_DAYS} dias grátis em qualquer plano e mude de plano quando a sua equipa crescer.
          </p>
        </div>
        <div className={classes.toggleWrap}>
          <BillingToggle />
        </div>
        <div className={classes.planGrid}>
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <div className={classes.trialNote}>
          <TrustList
            centered
            items={[`${TRIAL_DAYS} dias de trial grátis em todos os planos`, ...TRIAL_POINTS.slice(1)]}
          />
        </div>
      </div>
    </section>
  );
}
