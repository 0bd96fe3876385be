import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { CollectionsTab } from '@/features/payments/components/collections-tab';
import { MandatesTab } from '@/features/payments/components/mandates-tab';
import { useCan } from '@/lib/authorization';

type PaymentsTab = 'cobrancas' | 'mandatos';

/**
 * Pagamentos (docs/product.md#mandates-collections-and-the-file): "Cobranças" and "Mandatos", the open tab in the
 * address (?tab=mandatos) so a reload or a shared link keeps it.
 */
export function PaymentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: PaymentsTab = searchParams.get('tab') === 'mandatos' ? 'mandatos' : 'cobrancas';
  const canManage = useCan('payments:manage') === true;
  return (
    <>
      <DocumentTitle title="Pagamentos" />
      <PageHeader
        title="Pagamentos"
        description="As cobranças por Débito Direto SEPA e os mandatos que os clientes assinaram."
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          setSearchParams(next === 'mandatos' ? { tab: 'mandatos' } : {}, { replace: true })
        }
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="cobrancas">Cobranças</Tabs.Tab>
          <Tabs.Tab value="mandatos">Mandatos</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cobrancas">
          {tab === 'cobrancas' && <CollectionsTab canManage={canManage} />}
        </Tabs.Panel>
        <Tabs.Panel value="mandatos">
          {tab === 'mandatos' && <MandatesTab canManage={canManage} />}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
