import { formatPercent } from '@aceite/shared/format-percent';
import {
  IconApi,
  IconBuildingBank,
  IconEye,
  IconSignature,
  IconTemplate,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './landing.module.css';
import { TIME_SAVING_PERCENT } from './time-saving';

interface Feature {
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  title: string;
  description: string;
}

// The six pitch points of the product (docs/product.md#landing-page-and-plans), in its order.
const FEATURES: Feature[] = [
  {
    icon: IconTemplate,
    title: 'Modelos e blocos reutilizáveis',
    description:
      'Monte cada proposta em minutos a partir de modelos e blocos de conteúdo reutilizáveis: apresentação, âmbito, condições e preços sempre consistentes.',
  },
  {
    icon: IconEye,
    title: 'Acompanhamento em tempo real',
    description:
      'Saiba quando o cliente abre, lê e aceita cada proposta e faça o seguimento no momento certo, não às cegas.',
  },
  {
    icon: IconSignature,
    title: 'Assinatura digital válida',
    description:
      'O cliente assina em qualquer dispositivo, sem imprimir nada. Assinatura digital válida e em conformidade com o RGPD.',
  },
  {
    icon: IconBuildingBank,
    title: 'Pagamentos por Débito Direto SEPA',
    description:
      'Receba por Débito Direto SEPA dentro da própria proposta: o cliente aceita e autoriza o pagamento no mesmo passo.',
  },
  {
    icon: IconApi,
    title: 'API e webhooks para o seu CRM',
    description:
      'Ligue o Aceite ao seu CRM com a nossa API e webhooks. Clientes, propostas e estados sempre sincronizados.',
  },
  {
    icon: IconUsersGroup,
    title: 'Colaboração em equipa',
    description:
      'Trabalhe em equipa com permissões por função e aprovações antes do envio, para que nenhuma proposta saia sem revisão.',
  },
];

export function Features() {
  return (
    <section id="funcionalidades" className={classes.section} aria-labelledby="features-title">
      <div className={classes.container}>
        <div className={classes.sectionHeading}>
          <p className={classes.eyebrow}>Funcionalidades</p>
          <h2 id="features-title" className={classes.sectionTitle}>
            Tudo o que a sua equipa precisa para fechar negócios
          </h2>
          <p className={classes.sectionLead}>
            Do primeiro rascunho à assinatura e ao pagamento, num só lugar. Reduza até{' '}
            {formatPercent(TIME_SAVING_PERCENT)} o tempo que passa a criar propostas e dedique-o a vender.
          </p>
        </div>
        <ul className={classes.featureGrid}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={classes.featureCard}>
              <span className={classes.featureIcon}>
                <feature.icon size={26} stroke={1.75} aria-hidden />
              </span>
              <h3 className={classes.featureTitle}>{feature.title}</h3>
              <p className={classes.featureText}>{feature.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
