import { Navigate, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useProduct } from '@/features/products/api/get-product';
import { ProductForm } from '@/features/products/components/product-form';
import { ProductLoadError } from '@/features/products/components/product-load-error';
import { useCan } from '@/lib/authorization';

export function ProductEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Only a known refusal sends the visitor away (lib/authorization.ts).
  const canWrite = useCan('catalogue:write') !== false;
  const product = useProduct(id, { enabled: canWrite });

  // The product form sends every role but admin and manager back to /products
  // (docs/product.md#roles-and-permissions).
  if (!canWrite) return <Navigate to={paths.products} replace />;
  if (product.isPending) {
    return (
      <>
        <DocumentTitle title="Editar produto" />
        <LoadingState label="A carregar produto…" />
      </>
    );
  }
  if (product.isError) return <ProductLoadError error={product.error} onRetry={() => product.refetch()} />;

  return (
    <>
      <DocumentTitle title={`Editar ${product.data.name}`} />
      <PageHeader
        title="Editar produto"
        description={product.data.name}
        back={{ to: paths.products, label: 'Voltar a Produtos' }}
      />
      <ProductForm
        key={product.data.id}
        product={product.data}
        cancelTo={paths.products}
        onSuccess={() => navigate(paths.products)}
      />
    </>
  );
}
