import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** Holds the bell's place in the top bar until the notifications feature replaces it. */
export function NotificationBellPlaceholder() {
  return (
    <Popover position="bottom-end" width={260} shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notificações">
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">As notificações estarão disponíveis em breve.</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
