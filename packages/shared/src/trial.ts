/*
 * The trial (issue 38, docs/product.md#plans): a new organization has Professional until `trialEndsAt`. At the
 * end without a chosen plan it is read-only (GitLab's model: nothing is deleted, everything stays visible and
 * exportable, sent proposals can still be answered by clients; nothing new is created or sent). A chosen plan
 * clears `trialEndsAt`.
 *
 * Apart from plans.ts on purpose: the app's shell (the top bar's countdown) imports this module, and what the
 * shell imports loads on every screen; the landing page's pricing table (plans.ts) stays out of that first load
 * (docs/performance.md, "Route budgets, 2026-11-26").
 */

/** The trial's length (the landing page's "14 dias grátis" and the signup). */
export const TRIAL_DAYS = 14;

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
