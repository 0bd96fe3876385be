import { Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/authorization';

// Each tab loads when opened, like Configurações' admin tabs: the route stays within its bundle budget and the
// SPA entry lists fewer of its files (docs/decisions.md, "Issue 39 — Pagamentos: paging, date range, Ficheiros").
const CollectionsTab = lazy(async () => ({
  default: (await import('@/features/payments/components/collections-tab')).CollectionsTab,
}));
const MandatesTab = lazy(async () => ({
  default: (await import('@/features/payments/components/mandates-tab')).MandatesTab,
}));
const ExportsTab = lazy(async () => ({
  default: (await import('@/features/payments/components/exports-tab')).ExportsTab,
}));

type PaymentsTab = 'cobrancas' | 'mandatos' | 'ficheiros';
const OTHER_TABS: readonly string[] = ['mandatos', 'ficheiros'] satisfies PaymentsTab[];

/**
 * Pagamentos (docs/product.md#mandates-collections-and-the-file): "Cobranças", "Mandatos" and "Ficheiros", the
 * open tab in the address (?tab=mandatos, ?tab=ficheiros) so a reload or a shared link keeps it.
 */
export function PaymentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab') ?? '';
  const tab = (OTHER_TABS.includes(asked) ? asked : 'cobrancas') as PaymentsTab;
  const canManage = useCan('payments:manage') === true;
  return (
    <>
      <DocumentTitle title="Pagamentos" />
      <PageHeader
        title="Pagamentos"
        description="As cobranças por Débito Direto SEPA, os mandatos que os clientes assinaram e os ficheiros exportados."
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          setSearchParams(next && OTHER_TABS.includes(next) ? { tab: next } : {}, { replace: true })
        }
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="cobrancas">Cobranças</Tabs.Tab>
          <Tabs.Tab value="mandatos">Mandatos</Tabs.Tab>
          <Tabs.Tab value="ficheiros">Ficheiros</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cobrancas">
          {tab === 'cobrancas' && (
            <Suspense fallback={<LoadingState label="A carregar as cobranças…" />}>
              <CollectionsTab canManage={canManage} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="mandatos">
          {tab === 'mandatos' && (
            <Suspense fallback={<LoadingState label="A carregar os mandatos…" />}>
              <MandatesTab canManage={canManage} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="ficheiros">
          {tab === 'ficheiros' && (
            <Suspense fallback={<LoadingState label="A carregar os ficheiros…" />}>
              <ExportsTab />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
