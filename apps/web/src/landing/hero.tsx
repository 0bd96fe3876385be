import { formatPercent } from '@aceite/shared/format-percent';
import { TRIAL_DAYS } from '@aceite/shared/trial';
import { IconArrowRight, IconBolt } from '@tabler/icons-react';
import { HeroMockup } from './hero-mockup';
import classes from './landing.module.css';
import { LinkButton } from './link-button';
import { TIME_SAVING_PERCENT } from './time-saving';
import { TrustList } from './trust-list';

const STATS = [
  {
    value: formatPercent(TIME_SAVING_PERCENT),
    label: 'menos tempo a criar cada proposta',
    href: '#como-medimos',
  },
  { value: 'RGPD', label: 'assinatura digital válida e em conformidade' },
  { value: 'SEPA', label: 'pagamentos por débito direto na proposta' },
  { value: `${TRIAL_DAYS} dias`, label: 'de trial grátis em todos os planos' },
];

export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.container}>
        <div className={classes.heroGrid}>
          <div className={classes.heroCopy}>
            <p className={classes.heroBadge}>
              <IconBolt size={16} aria-hidden="true" />
              Até {formatPercent(TIME_SAVING_PERCENT)} menos tempo a criar propostas
            </p>
            <h1 id="hero-title" className={classes.heroTitle}>
              Da proposta ao <span className={classes.heroAccent}>aceite</span>, em minutos.
            </h1>
            <p className={classes.heroLead}>
              Crie propostas comerciais profissionais a partir de modelos, envie-as com um link e saiba
              exatamente quando o cliente as abre, lê e assina. Com assinatura digital e pagamentos SEPA, a
              sua equipa fecha negócios sem papelada nem emails perdidos.
            </p>
            <div className={classes.heroActions}>
              <LinkButton
                href="/register"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden="true" />}
              >
                {`Começar Trial de ${TRIAL_DAYS} Dias`}
              </LinkButton>
              <LinkButton href="#precos" size="lg" variant="default">
                Ver Preços
              </LinkButton>
            </div>
            <TrustList />
          </div>
          <HeroMockup />
        </div>
        <ul className={classes.stats}>
          {STATS.map((stat) => (
            <li key={stat.value} className={classes.stat}>
              <span className={classes.statValue}>{stat.value}</span>
              <span className={classes.statLabel}>
                {stat.href ? <a href={stat.href}>{stat.label}</a> : stat.label}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
