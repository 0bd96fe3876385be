import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeNext } from '@/lib/return-to';

interface LoginPageProps {
  /**
   * Built into login.html at build time (src/app/prerender-login.tsx), which the server sends for /login: the
   * screen paints before any script has loaded, with its fields disabled until the page's own small script
   * (src/sign-in/sign-in.ts) takes it over, so the form can never be submitted natively (which would put the
   * password in the URL).
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
