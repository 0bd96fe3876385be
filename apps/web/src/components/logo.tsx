import { Group, Text } from '@mantine/core';

interface LogoProps {
  /** Height of the mark in pixels; the word scales with it. */
  size?: number;
}

/** The Aceite mark (the favicon's tick) and word. Wrap it in a link where it leads somewhere. */
export function Logo({ size = 28 }: LogoProps) {
  return (
    <Group component="span" gap={Math.round(size / 3.5)} wrap="nowrap" display="inline-flex">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-brand-6)" />
        <path
          d="M18 33l9 9 19-20"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text component="span" fw={700} fz={Math.round(size * 0.72)} lh={1} c="var(--mantine-color-text)">
        Aceite
      </Text>
    </Group>
  );
}
