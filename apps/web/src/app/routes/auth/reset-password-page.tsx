import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ResetPassword } from '@/features/auth/components/reset-password';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Redefinir password">
      <ResetPassword token={searchParams.get('token')} />
    </AuthLayout>
  );
}
