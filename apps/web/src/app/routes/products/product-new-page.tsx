import { Navigate, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ProductForm } from '@/features/products/components/product-form';
import { useCan } from '@/lib/authorization';

export function ProductNewPage() {
  const navigate = useNavigate();
  const canWrite = useCan('catalogue:write');
  // The product form sends every role but admin and manager back to /products
  // (docs/product.md#roles-and-permissions).
  if (canWrite === false) return <Navigate to={paths.products} replace />;

  return (
    <>
      <DocumentTitle title="Novo produto" />
      <PageHeader title="Novo produto" back={{ to: paths.products, label: 'Voltar a Produtos' }} />
      <ProductForm cancelTo={paths.products} onSuccess={() => navigate(paths.products)} />
    </>
  );
}
