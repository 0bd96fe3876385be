export const versionKeys = {
  all: ['versions'] as const,
  lists: () => [...versionKeys.all, 'list'] as const,
  list: (proposalId: string) => [...versionKeys.lists(), proposalId] as const,
  detail: (proposalId: string, number: number) => [...versionKeys.all, 'detail', proposalId, number] as const,
};
