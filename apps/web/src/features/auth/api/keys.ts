export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  resetToken: (token: string) => [...authKeys.all, 'reset-token', token] as const,
};
