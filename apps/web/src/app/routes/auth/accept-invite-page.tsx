import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { AcceptInvite } from '@/features/users/components/accept-invite';

export function AcceptInvitePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title="Aceitar convite"
      description="Crie a sua conta para começar a trabalhar com a sua equipa."
      footer={
        <>
          Já tem conta?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Entrar
          </Anchor>
        </>
      }
    >
      <AcceptInvite
        token={searchParams.get('token')}
        onAccepted={() => navigate(paths.dashboard, { replace: true })}
      />
    </AuthLayout>
  );
}
