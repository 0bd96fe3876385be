// Every webhooks query lives under `all`: a change to an endpoint refreshes the list and its log.
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  attempts: (endpointId: string, page: number) => [...webhookKeys.all, 'attempts', endpointId, page] as const,
};
