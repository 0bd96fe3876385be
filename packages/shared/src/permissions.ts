/** Roles inside an organization, plus the platform-level superadmin (spec §6). */
export const ROLES = ['superadmin', 'admin', 'manager', 'sales', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Organization roles a user can be given in forms and invites (default sales). */
export const ORG_ROLES = ['admin', 'manager', 'sales', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Superadmin',
  admin: 'Admin',
  manager: 'Gestor',
  sales: 'Vendas',
  viewer: 'Visualizador',
};

/** Actions whose permission differs between roles (server-behaviour §3). */
export type Permission =
  | 'proposal:create'
  | 'proposal:manage-any'
  | 'proposal:approve'
  | 'comment:create'
  | 'client:write'
  | 'client:delete'
  | 'catalogue:write'
  | 'template:use'
  | 'team:write'
  | 'user:manage'
  | 'organization:manage';

const MATRIX: Record<Permission, readonly Role[]> = {
  'proposal:create': ['admin', 'manager', 'sales'],
  'proposal:manage-any': ['admin', 'manager'],
  'proposal:approve': ['admin', 'manager'],
  'comment:create': ['admin', 'manager', 'sales'],
  'client:write': ['admin', 'manager', 'sales'],
  'client:delete': ['admin', 'manager'],
  'catalogue:write': ['admin', 'manager'],
  'template:use': ['admin', 'manager', 'sales'],
  'team:write': ['admin', 'manager'],
  'user:manage': ['admin'],
  'organization:manage': ['admin'],
};

/** Whether a role may perform an action; the server enforces it, screens use it to hide buttons. */
export function can(role: Role, permission: Permission): boolean {
  return MATRIX[permission].includes(role);
}
