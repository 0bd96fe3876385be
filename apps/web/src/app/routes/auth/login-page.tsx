import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

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
  const form = <LoginForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />;
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
