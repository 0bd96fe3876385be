import { Box, Group } from '@mantine/core';
import { Logo } from '../logo';

/** What the top bar shows of the organization (its branding, read by the private layout). */
export interface TopBarBranding {
  name: string;
  logo: string | null;
}

/**
 * The top bar's brand: the Aceite logo and, when the organization has uploaded one, its logo beside it
 * (Configurações › Organização). On a phone the organization's logo stands alone, so the bar fits 360 px.
 * `branding` is undefined while it loads and for an account without an organization.
 */
export function TopBarBrand({ compact, branding }: { compact: boolean; branding?: TopBarBranding }) {
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
