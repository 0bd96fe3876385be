import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeNext } from '@/lib/return-to';

interface LoginPageProps {
  /**
   * Built into login.html at build time (src/app/prerender-login.tsx): the screen paints before the app's
   * JavaScript has loaded, with its fields disabled, so nothing can be typed that the app would then replace, and
   * the form can never be submitted natively (which would put the password in the URL).
   */
  prerendered?: boolean;
}

export function LoginPage({ prerendered = false }: LoginPageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back to the page that sent the visitor here (RequireAuth, an expired session), else the dashboard.
  const next = safeNext(params.get('next')) ?? paths.dashboard;
  const form = <LoginForm onSuccess={() => navigate(next, { replace: true })} />;
  return (
    <AuthLayout
      title="Entrar"
      description="Aceda à sua conta para gerir as suas propostas."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Anchor component={Link} to={paths.register} fw={600}>
            Criar conta
          </Anchor>
        </>
      }
    >
      {prerendered ? (
        <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {form}
        </fieldset>
      ) : (
        form
      )}
    </AuthLayout>
  );
}
