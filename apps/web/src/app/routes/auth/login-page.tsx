import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginPage() {
  const navigate = useNavigate();
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
      <LoginForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />
    </AuthLayout>
  );
}
