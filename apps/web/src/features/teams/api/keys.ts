export interface TeamsListParams {
  search?: string;
}

export const teamsKeys = {
  all: ['teams'] as const,
  lists: () => [...teamsKeys.all, 'list'] as const,
  list: (params: TeamsListParams) => [...teamsKeys.lists(), params] as const,
  detail: (id: string) => [...teamsKeys.all, 'detail', id] as const,
};
