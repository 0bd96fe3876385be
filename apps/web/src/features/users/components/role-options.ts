import { ORG_ROLES, type OrgRole, ROLE_LABELS } from '@aceite/shared/permissions';

// The user form lists the roles in this order (docs/product.md#people-and-teams): Vendas, Gestor, Admin,
// Visualizador.
const ROLE_ORDER: readonly OrgRole[] = ['sales', 'manager', 'admin', 'viewer'];

/** The role choices of the invite and user forms. */
export const ROLE_OPTIONS = ROLE_ORDER.filter((role) => ORG_ROLES.includes(role)).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

/** The value of the 'Sem equipa' choice in team selects (the API takes `null`). */
export const NO_TEAM = 'none';

export interface TeamOption {
  value: string;
  label: string;
}

/** Team choices headed by 'Sem equipa'. */
export function teamSelectData(teams: readonly TeamOption[]): TeamOption[] {
  return [{ value: NO_TEAM, label: 'Sem equipa' }, ...teams];
}

export function teamIdFromSelect(value: string | null): string | null {
  return !value || value === NO_TEAM ? null : value;
}
