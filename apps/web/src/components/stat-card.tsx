import { Group, Paper, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './stat-card.module.css';

interface StatCardProps {
  label: string;
  /** The figure, already formatted; `null` when there is none to show (e.g. the call failed). */
  value: string | null;
  /** A line under the figure. */
  hint?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
}

/** One figure of a dashboard or report, named by its label (a `group` for assistive technology). */
export function StatCard({ label, value, hint, icon, loading = false }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      px={{ base: 'md', sm: 'lg' }}
      py={{ base: 'sm', xs: 'md', sm: 'lg' }}
      className={classes.root}
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" className={classes.head}>
        <Text id={labelId} size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {icon && (
          <ThemeIcon variant="light" radius="md" size={32} aria-hidden="true" className={classes.icon}>
            {icon}
          </ThemeIcon>
        )}
      </Group>
      {loading ? (
        <Skeleton h={26} w={110} className={classes.value} />
      ) : (
        <div className={classes.value}>
          {value ?? (
            <>
              <span aria-hidden="true">—</span>
              <VisuallyHidden>Sem dados</VisuallyHidden>
            </>
          )}
        </div>
      )}
      {hint !== undefined &&
        (loading ? (
          <Skeleton h={12} w="45%" className={classes.hint} />
        ) : (
          <Text size="xs" c="dimmed" className={classes.hint}>
            {hint}
          </Text>
        ))}
    </Paper>
  );
}
