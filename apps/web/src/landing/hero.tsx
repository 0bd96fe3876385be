import { formatPercent } from '@aceite/shared/format-percent';
import { TRIAL_DAYS } from '@aceite/shared/plans';
import { IconArrowRight, IconBolt } from '@tabler/icons-react';
import { HeroMockup } from './hero-mockup';
import classes from './landing.module.css';
import { LinkButton } from './link-button';
import { TrustList } from './trust-list';

const STATS = [
  { value: formatPercent(70), label: 'menos tempo a criar cada proposta' },
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
              Até {formatPercent(70)} menos tempo a criar propostas
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
              <span className={classes.statLabel}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
