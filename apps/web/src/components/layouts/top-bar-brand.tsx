import { Box, Group } from '@mantine/core';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
import { useAuthStore } from '@/lib/auth-store';
import { Logo } from '../logo';

/**
 * The top bar's brand: the Aceite logo and, when the organization has uploaded one, its logo beside it
 * (Configurações › Organização). On a phone the organization's logo stands alone, so the bar fits 360 px.
 */
export function TopBarBrand({ compact }: { compact: boolean }) {
  const hasOrganization = useAuthStore((s) => s.user?.organization != null);
  const { data: branding } = useOrganizationBranding(hasOrganization);
  if (!branding?.logo) return <Logo size={30} />;
  return (
    <Group component="span" gap="sm" wrap="nowrap" display="inline-flex">
      {compact ? null : <Logo size={30} />}
      <Box
        component="img"
        src={branding.logo}
        alt={branding.name}
        data-testid="organization-logo"
        style={{ display: 'block', maxHeight: 32, maxWidth: compact ? 140 : 160, objectFit: 'contain' }}
      />
    </Group>
  );
}
