/**
 * What each plan allows (the entitlements, docs/product.md#plans). The landing page's prices and texts are in
 * pricing.ts and the trial in trial.ts.
 */

const GB = 1_000_000_000;

/*
 * The entitlements (issue 38, docs/product.md#plans): what each plan allows, read by the server's checks
 * (apps/server/src/lib/entitlements.ts) and by the screens (Configurações → Plano, the disabled actions), so a
 * limit is written once. `null` is unlimited. The trial is Professional for TRIAL_DAYS days (trial.ts); the
 * landing page's prices and texts are in pricing.ts, apart, so the screens that only check a limit never load them.
 */

export type PlanId = 'starter' | 'professional' | 'enterprise';

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

export function limitsOf(plan: string | null | undefined): PlanLimits {
  return PLAN_LIMITS[planOf(plan)];
}

export type PlanFeature = 'api' | 'webhooks' | 'sepa' | 'sso' | 'whiteLabel';

export function mayUse(plan: string | null | undefined, feature: PlanFeature): boolean {
  return limitsOf(plan)[feature];
}

/** The counted limits; `apiKeys`, `webhooks`, `sepa` and `sso` are features (allowed or not), refused with their own words. */
export type LimitKind = 'proposalsPerMonth' | 'users' | 'templates' | 'storageBytes';
export type FeatureKind = 'apiKeys' | 'webhooks' | 'sepa' | 'sso' | 'whiteLabel';
export type RefusalKind = LimitKind | FeatureKind;

export type LimitCheck = { ok: true } | { ok: false; message: string };

/** The next plan up, named in the refusal ("Passe para o Professional…"). */
function upgradeOf(plan: PlanId): string {
  return plan === 'starter' ? 'Professional' : 'Enterprise';
}

function formatGb(bytes: number): string {
  return `${Math.round(bytes / GB)} GB`;
}

/*
 * The plans' names, apart from the landing page's table (PLANS): the refusals below are on screens a member
 * loads (users, templates, integrations), which then never carry the pricing texts
 * (docs/performance.md, "Route budgets, 2026-11-26").
 */
export const PLAN_NAMES: Record<PlanId, string> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** One pt-PT refusal per kind: names the plan and its limit, and the plan to move to. */
export function planLimitMessage(plan: string | null | undefined, kind: RefusalKind): string {
  const id = planOf(plan);
  const name = PLAN_NAMES[id];
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
    case 'sso':
      // Only Enterprise has it, whatever the plan now (issue 40).
      return `O plano ${name} não inclui o início de sessão único (SSO). Passe para o Enterprise para o configurar.`;
    case 'whiteLabel':
      return `O plano ${name} não inclui um domínio próprio para as propostas. Passe para o Enterprise para o configurar.`;
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

const FEATURE_OF: Record<FeatureKind, PlanFeature> = {
  apiKeys: 'api',
  webhooks: 'webhooks',
  sepa: 'sepa',
  sso: 'sso',
  whiteLabel: 'whiteLabel',
};

/** A feature the plan may lack (API keys, webhooks, SEPA Direct Debit, SSO): allowed, or its refusal. */
export function checkFeature(plan: string | null | undefined, kind: FeatureKind): LimitCheck {
  return mayUse(plan, FEATURE_OF[kind]) ? { ok: true } : { ok: false, message: planLimitMessage(plan, kind) };
}
