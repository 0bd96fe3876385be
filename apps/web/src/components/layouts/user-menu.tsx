import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout, useAuthStore } from '@/lib/auth-store';
import { fullName, initials } from '@/lib/format';
import { queryClient } from '@/lib/query-client';

/** The top bar's account menu: who is signed in, settings, sign out. */
export function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const loggingOut = useAuthStore((state) => state.loading);
  const navigate = useNavigate();

  const handleLogout = async () => {
    await logout();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };

  const name = user ? fullName(user) : '';
  return (
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          aria-label={user ? `Menu da conta de ${name}` : 'Menu da conta'}
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={36}>
              {user ? initials(user) : null}
            </Avatar>
            {user && (
              <Box visibleFrom="sm" maw={200}>
                <Text size="sm" fw={600} truncate>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Box>
            )}
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <>
            <Box px="sm" py="xs">
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Box>
            <Menu.Divider />
          </>
        )}
        <Menu.Item
          component={Link}
          to={paths.settings}
          leftSection={<IconSettings size={16} aria-hidden="true" />}
        >
          Configurações
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={handleLogout}
          disabled={loggingOut}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
