import { Divider, Stack } from '@mantine/core';
import { CustomDomainPanel } from '@/features/custom-domain/components/custom-domain-panel';
import type { ReportMessage } from '@/features/settings/components/settings-message';
import { SsoPanel } from '@/features/sso/components/sso-panel';
import { useUsers } from '@/features/users/api/get-users';
import { fullName } from '@/lib/format';

/**
 * Configurações → Segurança: the single sign-on panel, with the organization's active admins for the
 * break-glass choice (the users feature's list; routes compose features), and the custom domain of the
 * client's pages (docs/decisions.md, "White-label: the custom domain in the Segurança tab").
 */
export function SecurityTab({ onMessage }: { onMessage: ReportMessage }) {
  const users = useUsers({ limit: 200 });
  const admins = (users.data?.data ?? [])
    .filter((member) => member.role === 'admin' && member.isActive)
    .map((member) => ({ id: member.id, name: `${fullName(member)} (${member.email})` }));
  return (
    <Stack gap="xl">
      <SsoPanel admins={admins} onMessage={onMessage} />
      <Divider />
      <CustomDomainPanel onMessage={onMessage} />
    </Stack>
  );
}
