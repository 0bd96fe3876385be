export interface UsersListParams {
  search?: string;
  page?: number;
  limit?: number;
}

export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (params: UsersListParams) => [...usersKeys.lists(), params] as const,
  detail: (id: string) => [...usersKeys.all, 'detail', id] as const,
  invites: () => [...usersKeys.all, 'invites'] as const,
  /** The public invitation behind an accept-invite link (no session). */
  invitation: (token: string) => ['invitation', token] as const,
};
