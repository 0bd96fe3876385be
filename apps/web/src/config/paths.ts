import type { ProposalStatus } from '@aceite/shared/proposal-status';

/**
 * The proposals list's `?status=` also takes 'Para aprovar': the proposals awaiting the viewer's approval
 * (docs/product.md#approvals), which is no status of its own.
 */
export const AWAITING_MY_APPROVAL = 'para-aprovar';
export type ProposalListStatus = ProposalStatus | typeof AWAITING_MY_APPROVAL;

/**
 * Every route of the web app. `routes` holds the patterns the router matches; `paths` builds the links.
 * Screens never hand-build a URL: they call `paths.*`.
 */
export const routes = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  acceptInvite: '/accept-invite',
  /** The single sign-on's redirect URI (the server answers it as `APP_URL/entrar/sso`). */
  ssoCallback: '/entrar/sso',
  publicProposal: '/p/:publicToken',
  verify: '/verificar',

  dashboard: '/dashboard',
  proposals: '/proposals',
  proposalNew: '/proposals/new',
  proposal: '/proposals/:id',
  proposalEdit: '/proposals/:id/edit',
  clients: '/clients',
  clientNew: '/clients/new',
  client: '/clients/:id',
  clientEdit: '/clients/:id/edit',
  products: '/products',
  productNew: '/products/new',
  productEdit: '/products/:id/edit',
  templates: '/templates',
  templateNew: '/templates/new',
  templateEdit: '/templates/:id/edit',
  contentBlocks: '/content-blocks',
  users: '/users',
  userEdit: '/users/:id/edit',
  teams: '/teams',
  teamNew: '/teams/new',
  team: '/teams/:id',
  teamEdit: '/teams/:id/edit',
  analytics: '/analytics',
  payments: '/payments',
  settings: '/settings',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminOrganizations: '/admin/organizations',
} as const;

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  /** The prerendered landing page, served by the server: link to it with a full page load. */
  home: routes.home,
  login: routes.login,
  register: routes.register,
  forgotPassword: routes.forgotPassword,
  resetPassword: (token: string) => `${routes.resetPassword}?${new URLSearchParams({ token })}`,
  acceptInvite: (token: string) => `${routes.acceptInvite}?${new URLSearchParams({ token })}`,
  publicProposal: (publicToken: string) => `/p/${segment(publicToken)}`,
  verify: (code?: string) =>
    code ? `${routes.verify}?${new URLSearchParams({ codigo: code })}` : routes.verify,

  dashboard: routes.dashboard,
  proposals: (filter: { status?: ProposalListStatus } = {}) =>
    filter.status
      ? `${routes.proposals}?${new URLSearchParams({ status: filter.status })}`
      : routes.proposals,
  proposalNew: routes.proposalNew,
  proposal: (id: string) => `/proposals/${segment(id)}`,
  proposalEdit: (id: string) => `/proposals/${segment(id)}/edit`,
  clients: routes.clients,
  clientNew: routes.clientNew,
  client: (id: string) => `/clients/${segment(id)}`,
  clientEdit: (id: string) => `/clients/${segment(id)}/edit`,
  products: routes.products,
  productNew: routes.productNew,
  productEdit: (id: string) => `/products/${segment(id)}/edit`,
  templates: routes.templates,
  templateNew: routes.templateNew,
  templateEdit: (id: string) => `/templates/${segment(id)}/edit`,
  contentBlocks: routes.contentBlocks,
  users: routes.users,
  userEdit: (id: string) => `/users/${segment(id)}/edit`,
  teams: routes.teams,
  teamNew: routes.teamNew,
  team: (id: string) => `/teams/${segment(id)}`,
  teamEdit: (id: string) => `/teams/${segment(id)}/edit`,
  analytics: routes.analytics,
  /** Pagamentos (docs/product.md#mandates-collections-and-the-file); `tab` 'mandatos' opens the mandates. */
  payments: (tab?: 'mandatos') =>
    tab ? `${routes.payments}?${new URLSearchParams({ tab })}` : routes.payments,
  settings: routes.settings,
  /** Configurações → Plano (docs/product.md#plans). */
  settingsPlan: `${routes.settings}?tab=plano`,
  /** Configurações → Pagamentos (docs/product.md#sepa-direct-debit). */
  settingsPayments: `${routes.settings}?tab=pagamentos`,
  adminUsers: routes.adminUsers,
  adminOrganizations: routes.adminOrganizations,
} as const;
