import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Why an action is disabled by the plan, shown before the user tries (docs/product.md#plans): the server's own
 * refusal and the way to the plan. `id` lets the disabled button point at it (aria-describedby).
 */
export function PlanLimitNotice({ id, reason }: { id: string; reason: string }) {
  return (
    <Text id={id} size="sm" c="red.8" maw={360}>
      {reason}{' '}
      <Anchor component={Link} to={paths.settingsPlan} size="sm" underline="always">
        Ver o plano
      </Anchor>
    </Text>
  );
}
