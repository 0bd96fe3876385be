import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { VerifyDocument } from '@/features/verification/components/verify-document';
import { isWhiteLabelHost } from '@/lib/white-label';

/**
 * Public, no sign-in: whether Aceite sealed a document (docs/product.md#verification); on a white-label host
 * without naming Aceite (docs/product.md#white-label).
 */
export function VerifyPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title="Verificar documento"
      description={
        isWhiteLabelHost()
          ? 'Confirme se um PDF assinado foi selado e não foi alterado desde então.'
          : 'Confirme se um PDF assinado foi selado pelo Aceite e não foi alterado desde então.'
      }
    >
      <VerifyDocument initialCode={params.get('codigo') ?? undefined} />
    </AuthLayout>
  );
}
