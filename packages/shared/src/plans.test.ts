import { describe, expect, it } from 'vitest';
import { checkFeature, checkLimit, limitsOf, mayUse, PLAN_NAMES, planLimitMessage, planOf } from './plans.ts';
import { displayedMonthlyPrice, PLANS } from './pricing.ts';

const plan = (id: string) => {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('plan prices', () => {
  it('shows the monthly price under monthly billing', () => {
    expect(displayedMonthlyPrice(plan('starter'), 'monthly')).toBe(29);
    expect(displayedMonthlyPrice(plan('professional'), 'monthly')).toBe(79);
  });

  it('shows the yearly price divided by 12 and rounded under yearly billing', () => {
    expect(displayedMonthlyPrice(plan('starter'), 'yearly')).toBe(24); // 290 / 12 = 24.17
    expect(displayedMonthlyPrice(plan('professional'), 'yearly')).toBe(66); // 790 / 12 = 65.83
  });

  it('has no figure for the custom-priced Enterprise plan', () => {
    expect(displayedMonthlyPrice(plan('enterprise'), 'yearly')).toBeNull();
  });

  it('highlights only Professional, with the "Mais Popular" badge', () => {
    expect(PLANS.filter((p) => p.highlight).map((p) => [p.name, p.badge])).toEqual([
      ['Professional', 'Mais Popular'],
    ]);
  });
});

describe('entitlements (issue 38)', () => {
  it('reads the plan table: Starter, Professional, Enterprise; an unknown plan is Starter', () => {
    expect(limitsOf('starter')).toMatchObject({ proposalsPerMonth: 50, users: 3, templates: 10, api: false });
    expect(limitsOf('starter').storageBytes).toBe(5_000_000_000);
    expect(limitsOf('professional')).toMatchObject({ proposalsPerMonth: null, users: 10, templates: null });
    expect(limitsOf('professional').storageBytes).toBe(50_000_000_000);
    expect(limitsOf('enterprise')).toMatchObject({
      users: null,
      storageBytes: null,
      sso: true,
      whiteLabel: true,
    });
    expect(planOf('pro')).toBe('starter');
    expect(limitsOf(undefined)).toEqual(limitsOf('starter'));
  });

  it('says which features each plan has', () => {
    expect(mayUse('starter', 'api')).toBe(false);
    expect(mayUse('starter', 'webhooks')).toBe(false);
    expect(mayUse('starter', 'sepa')).toBe(false);
    expect(mayUse('professional', 'webhooks')).toBe(true);
    expect(mayUse('professional', 'sso')).toBe(false);
    expect(mayUse('enterprise', 'whiteLabel')).toBe(true);
  });

  it('allows the last item within the limit and refuses the next, naming the plan and the next one', () => {
    expect(checkLimit('starter', 'users', 2)).toEqual({ ok: true });
    expect(checkLimit('starter', 'users', 3)).toEqual({
      ok: false,
      message: 'O plano Starter inclui 3 utilizadores. Passe para o Professional para convidar mais.',
    });
    expect(checkLimit('professional', 'users', 10)).toEqual({
      ok: false,
      message: 'O plano Professional inclui 10 utilizadores. Passe para o Enterprise para convidar mais.',
    });
    expect(checkLimit('enterprise', 'users', 10_000)).toEqual({ ok: true });
    expect(checkLimit('starter', 'proposalsPerMonth', 49).ok).toBe(true);
    expect(checkLimit('starter', 'proposalsPerMonth', 50).ok).toBe(false);
    expect(checkLimit('professional', 'proposalsPerMonth', 5000).ok).toBe(true);
    expect(checkLimit('starter', 'templates', 10).ok).toBe(false);
    // Over the limit after a downgrade: nothing new, nothing taken away.
    expect(checkLimit('starter', 'templates', 25).ok).toBe(false);
  });

  it('counts bytes for storage: the file that still fits passes, one byte more is refused', () => {
    expect(checkLimit('starter', 'storageBytes', 4_999_999_990, 10).ok).toBe(true);
    expect(checkLimit('starter', 'storageBytes', 4_999_999_990, 11)).toEqual({
      ok: false,
      message:
        'O plano Starter inclui 5 GB de armazenamento. Passe para o Professional para guardar mais ficheiros.',
    });
  });

  it('refuses API keys and webhooks on Starter with their own words', () => {
    expect(checkFeature('starter', 'apiKeys')).toEqual({
      ok: false,
      message: 'O plano Starter não inclui acesso à API. Passe para o Professional para criar chaves de API.',
    });
    expect(checkFeature('starter', 'webhooks').ok).toBe(false);
    expect(checkFeature('professional', 'apiKeys')).toEqual({ ok: true });
    expect(planLimitMessage('starter', 'proposalsPerMonth')).toBe(
      'O plano Starter inclui 50 propostas por mês. Passe para o Professional para criar mais.',
    );
    expect(planLimitMessage('starter', 'templates')).toBe(
      'O plano Starter inclui 10 modelos. Passe para o Professional para criar mais.',
    );
  });

  it('refuses SSO below Enterprise, naming Enterprise even from Starter (issue 40)', () => {
    for (const plan of ['starter', 'professional'] as const) {
      expect(checkFeature(plan, 'sso')).toEqual({
        ok: false,
        message: `O plano ${PLAN_NAMES[plan]} não inclui o início de sessão único (SSO). Passe para o Enterprise para o configurar.`,
      });
    }
    expect(checkFeature('enterprise', 'sso')).toEqual({ ok: true });
  });
});

describe("the plans' names", () => {
  it("are the landing page's names, written apart only so the refusals do not carry the pricing texts", () => {
    for (const plan of PLANS) expect(PLAN_NAMES[plan.id]).toBe(plan.name);
  });
});
