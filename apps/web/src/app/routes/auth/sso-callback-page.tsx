import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SsoCallback } from '@/features/auth/components/sso-callback';

/** The single sign-on's redirect URI (docs/product.md#single-sign-on): the identity provider sends people here. */
export function SsoCallbackPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const onSignedIn = useCallback((to: string) => navigate(to, { replace: true }), [navigate]);
  return (
    <AuthLayout title="Início de sessão único">
      <SsoCallback search={search} onSignedIn={onSignedIn} />
    </AuthLayout>
  );
}
