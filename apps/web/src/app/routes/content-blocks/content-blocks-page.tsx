import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { ContentBlocksList } from '@/features/content-blocks/components/content-blocks-list';
import { useListSearchParams } from '@/lib/use-list-search';

/** Configurações → Blocos: the organization's block library (docs/product.md#block-library). */
export function ContentBlocksPage() {
  const list = useListSearchParams();
  return (
    <>
      <DocumentTitle title="Blocos" />
      <PageHeader
        title="Blocos"
        description="A biblioteca de blocos reutilizáveis: insira-os nas propostas e nos modelos."
      />
      <ContentBlocksList
        search={list.search}
        page={list.page}
        onSearchChange={list.setSearch}
        onPageChange={list.setPage}
      />
    </>
  );
}
