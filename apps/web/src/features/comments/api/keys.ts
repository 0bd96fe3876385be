export const commentKeys = {
  all: ['comments'] as const,
  list: (proposalId: string) => [...commentKeys.all, 'list', proposalId] as const,
};
