import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { VerifyDocument } from '@/features/verification/components/verify-document';

/** Public, no sign-in: whether Aceite sealed a document (docs/product.md#verification). */
export function VerifyPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title="Verificar documento"
      description="Confirme se um PDF assinado foi selado pelo Aceite e não foi alterado desde então."
    >
      <VerifyDocument initialCode={params.get('codigo') ?? undefined} />
    </AuthLayout>
  );
}
