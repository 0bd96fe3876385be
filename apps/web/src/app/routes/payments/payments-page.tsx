import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { CollectionsTab } from '@/features/payments/components/collections-tab';
import { ExportsTab } from '@/features/payments/components/exports-tab';
import { MandatesTab } from '@/features/payments/components/mandates-tab';
import { useCan } from '@/lib/authorization';

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
          {tab === 'cobrancas' && <CollectionsTab canManage={canManage} />}
        </Tabs.Panel>
        <Tabs.Panel value="mandatos">
          {tab === 'mandatos' && <MandatesTab canManage={canManage} />}
        </Tabs.Panel>
        <Tabs.Panel value="ficheiros">{tab === 'ficheiros' && <ExportsTab />}</Tabs.Panel>
      </Tabs>
    </>
  );
}
