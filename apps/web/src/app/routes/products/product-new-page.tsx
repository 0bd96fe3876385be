import { can } from '@aceite/shared/permissions';
import { Navigate, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ProductForm } from '@/features/products/components/product-form';
import { useAuthStore } from '@/lib/auth-store';

export function ProductNewPage() {
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.user?.role);
  // Spec §6: the product form sends every role but admin and manager back to /products.
  if (role !== undefined && !can(role, 'catalogue:write')) return <Navigate to={paths.products} replace />;

  return (
    <>
      <DocumentTitle title="Novo produto" />
      <PageHeader title="Novo produto" back={{ to: paths.products, label: 'Voltar a Produtos' }} />
      <ProductForm cancelTo={paths.products} onSuccess={() => navigate(paths.products)} />
    </>
  );
}
