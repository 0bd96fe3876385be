import { em, type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is narrower than `breakpoint` (`sm` unless a list's table needs more room): below it,
 * lists show cards instead of tables that would scroll sideways, and pagers fewer buttons. Read at once on the
 * first render, so a phone never flashes a table.
 */
export function useIsMobile(breakpoint: MantineBreakpoint = 'sm'): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: calc(${theme.breakpoints[breakpoint]} - ${em(1)}))`;
  return useMediaQuery(query, false, { getInitialValueInEffect: false }) ?? false;
}
