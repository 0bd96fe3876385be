import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below the `sm` breakpoint, lists show cards instead of tables that would scroll sideways. */
export function useIsMobile(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: calc(${theme.breakpoints.sm} - ${em(1)}))`;
  return useMediaQuery(query, false, { getInitialValueInEffect: false }) ?? false;
}
