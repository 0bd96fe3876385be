import type { Version, VersionDetail } from '@aceite/shared/schemas/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { versionKeys } from './keys';

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/versions`;

/** A proposal's versions, newest first (docs/product.md#versions). */
export async function getVersions(proposalId: string, signal?: AbortSignal): Promise<Version[]> {
  const { data } = await apiClient.get<Envelope<Version[]>>(base(proposalId), { signal });
  return data;
}

export const versionsQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: versionKeys.list(proposalId),
    queryFn: ({ signal }) => getVersions(proposalId, signal),
  });

export function useVersions(proposalId: string) {
  return useQuery(versionsQueryOptions(proposalId));
}

/** One version with its full snapshot. */
export async function getVersion(
  proposalId: string,
  number: number,
  signal?: AbortSignal,
): Promise<VersionDetail> {
  const { data } = await apiClient.get<Envelope<VersionDetail>>(`${base(proposalId)}/${number}`, { signal });
  return data;
}

export function useVersion(proposalId: string, number: number | null) {
  return useQuery({
    queryKey: versionKeys.detail(proposalId, number ?? 0),
    queryFn: ({ signal }) => getVersion(proposalId, number ?? 0, signal),
    enabled: number !== null,
    // A version never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
