import type { Team } from '@aceite/shared/schemas/teams';
import { Box, Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';

const HAS_MEMBERS = 'Remova ou transfira os membros primeiro.';

/**
 * 'Remover' for a team. A team with members cannot be removed (the server refuses it), so the button is not
 * offered as if it could: it is disabled and says why.
 */
export function RemoveTeamButton({
  team,
  onRemove,
  accessibleName,
  ...props
}: {
  team: Pick<Team, 'memberCount'>;
  onRemove: () => void;
  accessibleName?: string;
} & Pick<ButtonProps, 'size' | 'variant'>) {
  const hintId = useId();
  const hasMembers = team.memberCount > 0;
  return (
    <Box component="span" display="inline-block" title={hasMembers ? HAS_MEMBERS : undefined}>
      <Button
        color="red"
        leftSection={<IconTrash size={props.size === 'xs' ? 14 : 16} aria-hidden="true" />}
        onClick={onRemove}
        disabled={hasMembers}
        aria-label={accessibleName}
        aria-describedby={hasMembers ? hintId : undefined}
        {...props}
      >
        Remover
      </Button>
      {hasMembers && <VisuallyHidden id={hintId}>{HAS_MEMBERS}</VisuallyHidden>}
    </Box>
  );
}
