import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Criar conta"
      description="Comece a criar e enviar propostas em minutos."
      footer={
        <>
          Já tem conta?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Entrar
          </Anchor>
        </>
      }
    >
      <RegisterForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />
    </AuthLayout>
  );
}
