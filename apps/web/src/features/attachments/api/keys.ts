export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (proposalId: string) => [...attachmentKeys.all, 'list', proposalId] as const,
};
