/**
 * The landing page's pricing (docs/product.md#landing-page-and-plans) and, below, what each plan allows
 * (the entitlements, docs/product.md#plans).
 */
export interface Plan {
  id: 'starter' | 'professional' | 'enterprise';
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

export const TRIAL_DAYS = 14;
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

const GB = 1_000_000_000;

/*
 * The entitlements (issue 38, docs/product.md#plans): what each plan allows, read by the server's checks
 * (apps/server/src/lib/entitlements.ts) and by the screens (Configurações → Plano, the disabled actions), so a
 * limit is written once. `null` is unlimited. The trial is Professional for TRIAL_DAYS days.
 */

export type PlanId = Plan['id'];

export interface PlanLimits {
  /** Proposals created per calendar month, in the organization's time zone. */
  proposalsPerMonth: number | null;
  /** Active users plus pending invitations. */
  users: number | null;
  /** The organization's own templates not archived. */
  templates: number | null;
  /** Bytes of files stored for the organization (attachments and logo). */
  storageBytes: number | null;
  api: boolean;
  webhooks: boolean;
  sepa: boolean;
  sso: boolean;
  whiteLabel: boolean;
}

const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  starter: {
    proposalsPerMonth: 50,
    users: 3,
    templates: 10,
    storageBytes: 5 * GB,
    api: false,
    webhooks: false,
    sepa: false,
    sso: false,
    whiteLabel: false,
  },
  professional: {
    proposalsPerMonth: null,
    users: 10,
    templates: null,
    storageBytes: 50 * GB,
    api: true,
    webhooks: true,
    sepa: true,
    sso: false,
    whiteLabel: false,
  },
  enterprise: {
    proposalsPerMonth: null,
    users: null,
    templates: null,
    storageBytes: null,
    api: true,
    webhooks: true,
    sepa: true,
    sso: true,
    whiteLabel: true,
  },
};

/** The plan a stored value names; an unknown value reads as Starter (the smallest, never more than was sold). */
export function planOf(stored: string | null | undefined): PlanId {
  return stored === 'professional' || stored === 'enterprise' || stored === 'starter' ? stored : 'starter';
}

export function planById(stored: string | null | undefined): Plan {
  const id = planOf(stored);
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`plan ${id} missing`);
  return plan;
}

export function limitsOf(plan: string | null | undefined): PlanLimits {
  return PLAN_LIMITS[planOf(plan)];
}

export type PlanFeature = 'api' | 'webhooks' | 'sepa' | 'sso' | 'whiteLabel';

export function mayUse(plan: string | null | undefined, feature: PlanFeature): boolean {
  return limitsOf(plan)[feature];
}

/** The counted limits; `apiKeys`, `webhooks` and `sepa` are features (allowed or not), refused with their own words. */
export type LimitKind = 'proposalsPerMonth' | 'users' | 'templates' | 'storageBytes';
export type FeatureKind = 'apiKeys' | 'webhooks' | 'sepa';
export type RefusalKind = LimitKind | FeatureKind;

export type LimitCheck = { ok: true } | { ok: false; message: string };

/** The next plan up, named in the refusal ("Passe para o Professional…"). */
function upgradeOf(plan: PlanId): string {
  return plan === 'starter' ? 'Professional' : 'Enterprise';
}

function formatGb(bytes: number): string {
  return `${Math.round(bytes / GB)} GB`;
}

/** One pt-PT refusal per kind: names the plan and its limit, and the plan to move to. */
export function planLimitMessage(plan: string | null | undefined, kind: RefusalKind): string {
  const id = planOf(plan);
  const name = planById(id).name;
  const limits = PLAN_LIMITS[id];
  const next = upgradeOf(id);
  switch (kind) {
    case 'proposalsPerMonth':
      return `O plano ${name} inclui ${limits.proposalsPerMonth} propostas por mês. Passe para o ${next} para criar mais.`;
    case 'users':
      return `O plano ${name} inclui ${limits.users} utilizadores. Passe para o ${next} para convidar mais.`;
    case 'templates':
      return `O plano ${name} inclui ${limits.templates} modelos. Passe para o ${next} para criar mais.`;
    case 'storageBytes':
      return `O plano ${name} inclui ${formatGb(limits.storageBytes ?? 0)} de armazenamento. Passe para o ${next} para guardar mais ficheiros.`;
    case 'apiKeys':
      return `O plano ${name} não inclui acesso à API. Passe para o ${next} para criar chaves de API.`;
    case 'webhooks':
      return `O plano ${name} não inclui webhooks. Passe para o ${next} para os configurar.`;
    case 'sepa':
      return `O plano ${name} não inclui pagamentos por Débito Direto SEPA. Passe para o ${next} para os ativar.`;
  }
}

/**
 * Whether `adding` more fit within the plan when `used` are already counted. Over-limit items (after a
 * downgrade) stay: only new ones are refused (docs/decisions.md, "Plans").
 */
export function checkLimit(
  plan: string | null | undefined,
  kind: LimitKind,
  used: number,
  adding = 1,
): LimitCheck {
  const limit = limitsOf(plan)[kind];
  if (limit === null || used + adding <= limit) return { ok: true };
  return { ok: false, message: planLimitMessage(plan, kind) };
}

const FEATURE_OF: Record<FeatureKind, PlanFeature> = { apiKeys: 'api', webhooks: 'webhooks', sepa: 'sepa' };

/** A feature the plan may lack (API keys, webhooks, SEPA Direct Debit): allowed, or its refusal. */
export function checkFeature(plan: string | null | undefined, kind: FeatureKind): LimitCheck {
  return mayUse(plan, FEATURE_OF[kind]) ? { ok: true } : { ok: false, message: planLimitMessage(plan, kind) };
}

/*
 * The trial (issue 38, docs/product.md#plans): a new organization has Professional until `trialEndsAt`. At the
 * end without a chosen plan it is read-only (GitLab's model: nothing is deleted, everything stays visible and
 * exportable, sent proposals can still be answered by clients; nothing new is created or sent). A chosen plan
 * clears `trialEndsAt`.
 */

const DAY_MS = 86_400_000;

export type TrialState =
  | { kind: 'none' }
  | { kind: 'active'; endsAt: string; daysLeft: number }
  | { kind: 'ended'; endsAt: string };

/** Where a trial stands at `at`; `daysLeft` rounds up (23 hours left is "1 dia"). */
export function trialState(trialEndsAt: Date | string | null | undefined, at: Date): TrialState {
  if (trialEndsAt === null || trialEndsAt === undefined) return { kind: 'none' };
  const end = new Date(trialEndsAt);
  const endsAt = end.toISOString();
  const left = end.getTime() - at.getTime();
  if (left <= 0) return { kind: 'ended', endsAt };
  return { kind: 'active', endsAt, daysLeft: Math.ceil(left / DAY_MS) };
}

export function isReadOnly(trialEndsAt: Date | string | null | undefined, at: Date): boolean {
  return trialState(trialEndsAt, at).kind === 'ended';
}

/** The top bar's countdown ("Faltam 9 dias de teste", "Falta 1 dia de teste"). */
export function trialCountdown(daysLeft: number): string {
  return daysLeft === 1 ? 'Falta 1 dia de teste' : `Faltam ${daysLeft} dias de teste`;
}

/** The refusal of every write while the organization is read-only (403 `PLAN_LIMIT`). */
export const READ_ONLY_MESSAGE =
  'O período de teste terminou e a organização está só de leitura. Escolha um plano em Configurações → Plano para voltar a criar e enviar propostas.';
