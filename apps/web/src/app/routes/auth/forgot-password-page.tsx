import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Recuperar password"
      description="Indique o email da sua conta e enviamos-lhe um link para definir uma nova password."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
