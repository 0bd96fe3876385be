import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface IconActionProps {
  /** The button's accessible name ('Mover bloco 2 para cima'). */
  label: string;
  /** The tooltip's text, when shorter than the name ('Mover para cima'); the name by default. */
  tooltip?: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  /** The icon (aria-hidden). */
  children: ReactNode;
}

/** An editor row's icon button with its tooltip (move, save, remove), as the proposal and template editors show them. */
export function IconAction({
  label,
  tooltip = label,
  onClick,
  disabled,
  color = 'gray',
  children,
}: IconActionProps) {
  return (
    <Tooltip label={tooltip} disabled={disabled}>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
