import { type PlanId, planOf } from './plans.ts';

/**
 * The landing page's pricing (docs/product.md#landing-page-and-plans): prices, texts, the plan cards. What each
 * plan allows is in plans.ts, apart, so the screens that only check a limit never load these texts
 * (docs/performance.md, "Route budgets, 2026-11-26").
 */
export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Euros per month; null for a custom price. */
  priceMonthly: number | null;
  /** Euros per year; null for a custom price. */
  priceYearly: number | null;
  customPrice: boolean;
  features: string[];
  limits: string[];
  cta: string;
  highlight: boolean;
  badge?: string;
}

export type BillingPeriod = 'monthly' | 'yearly';

export const YEARLY_SAVING_PERCENT = 17;
export const SALES_EMAIL = 'vendas@aceite.pt';

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'Para freelancers e pequenos negócios que estão a começar.',
    priceMonthly: 29,
    priceYearly: 290,
    customPrice: false,
    features: [
      '50 propostas por mês',
      '3 utilizadores',
      '10 modelos',
      '5GB de armazenamento',
      'Assinatura digital',
      'Suporte por email',
    ],
    limits: ['Sem acesso à API', 'Sem pagamentos SEPA'],
    cta: 'Começar Trial Grátis',
    highlight: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'Para equipas comerciais que querem fechar mais negócios.',
    priceMonthly: 79,
    priceYearly: 790,
    customPrice: false,
    features: [
      'Propostas ilimitadas',
      '10 utilizadores',
      'Modelos ilimitados',
      '50GB de armazenamento',
      'Assinatura digital',
      'Pagamentos por Débito Direto SEPA',
      'Acesso à API',
      'Webhooks',
      'Suporte prioritário',
    ],
    limits: [],
    cta: 'Começar Trial Grátis',
    highlight: true,
    badge: 'Mais Popular',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Para grandes organizações com necessidades à medida.',
    priceMonthly: null,
    priceYearly: null,
    customPrice: true,
    features: [
      'Tudo do Professional',
      'Utilizadores ilimitados',
      'Armazenamento ilimitado',
      'White-label completo',
      'SSO/SAML',
      'Gestor de conta dedicado',
      'SLA garantido',
      'Onboarding personalizado',
      'Integrações personalizadas',
    ],
    limits: [],
    cta: 'Contactar Vendas',
    highlight: false,
  },
];

/**
 * The per-month figure a plan card shows (docs/product.md#landing-page-and-plans): the monthly price, or
 * under yearly billing the yearly price divided by 12 and rounded. Null for custom prices.
 */
export function displayedMonthlyPrice(plan: Plan, period: BillingPeriod): number | null {
  if (plan.customPrice || plan.priceMonthly === null || plan.priceYearly === null) return null;
  return period === 'yearly' ? Math.round(plan.priceYearly / 12) : plan.priceMonthly;
}

export function planById(stored: string | null | undefined): Plan {
  const id = planOf(stored);
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`plan ${id} missing`);
  return plan;
}
