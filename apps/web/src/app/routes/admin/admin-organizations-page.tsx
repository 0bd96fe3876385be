import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { SectionPanel } from '@/components/section-panel';
import type { AdminOrganizationsParams } from '@/features/admin/api/keys';
import {
  type AdminOrganizationsFilterChange,
  AdminOrganizationsList,
  isPlanId,
} from '@/features/admin/components/admin-organizations-list';
import { UpgradeRequestsPanel } from '@/features/admin/components/upgrade-requests-panel';
import { pageFromParam } from '@/lib/use-list-search';
import { AdminSections } from './admin-sections';

function setOrDelete(params: URLSearchParams, key: string, value: string | null | undefined): void {
  if (value) params.set(key, value);
  else params.delete(key);
}

/**
 * /admin/organizations (superadmin only, guarded in the router): the pending plan change requests, and every
 * organization with its plan, trial and usage (docs/product.md#platform-administration, #plans).
 */
export function AdminOrganizationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const plan = searchParams.get('plan');
  const params: AdminOrganizationsParams = {
    search: searchParams.get('search') ?? '',
    plan: isPlanId(plan) ? plan : null,
    trialEndingSoon: searchParams.get('teste') === '3d',
    page: pageFromParam(searchParams.get('page')),
  };

  const update = (change: AdminOrganizationsFilterChange & { page?: number }, replace: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.search !== undefined) setOrDelete(next, 'search', change.search);
        if (change.plan !== undefined) setOrDelete(next, 'plan', change.plan);
        if (change.trialEndingSoon !== undefined)
          setOrDelete(next, 'teste', change.trialEndingSoon ? '3d' : null);
        if (change.page !== undefined)
          setOrDelete(next, 'page', change.page > 1 ? String(change.page) : null);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  return (
    <>
      <DocumentTitle title="Organizações e planos" />
      <PageHeader
        title="Organizações e planos"
        description="O plano, o período de teste e o uso de cada organização, e os pedidos de mudança de plano."
      />
      <AdminSections />
      <Stack gap="lg">
        <SectionPanel title="Pedidos de mudança de plano">
          <UpgradeRequestsPanel />
        </SectionPanel>
        <AdminOrganizationsList
          params={params}
          onFiltersChange={(change) => update({ ...change, page: 1 }, change.search !== undefined)}
          onPageChange={(page) => update({ page }, false)}
        />
      </Stack>
    </>
  );
}
