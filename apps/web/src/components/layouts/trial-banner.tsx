import { trialCountdown } from '@aceite/shared/trial';
import { Anchor } from '@mantine/core';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { useTrial } from '@/lib/trial';
import classes from './trial-banner.module.css';

/** The strip's height by trial state; the layout adds it to the top bar's so nothing hides under it. */
export const TRIAL_BANNER_HEIGHT = {
  active: { base: 32, sm: 32 },
  ended: { base: 64, sm: 36 },
} as const;

/**
 * The trial in the top bar (docs/product.md#plans), for every member: the days left ("Faltam 9 dias de
 * teste"), then, once it ended, the read-only notice that stays. Admins get the way to Configurações → Plano.
 */
export function TrialBanner() {
  const trial = useTrial();
  const isAdmin = useCan('organization:manage') === true;
  if (trial.kind === 'none') return null;
  if (trial.kind === 'active') {
    const countdown = trialCountdown(trial.daysLeft);
    return (
      <div className={classes.active}>
        <IconClockHour4 size={16} aria-hidden="true" className={classes.icon} />
        {isAdmin ? (
          <Anchor component={Link} to={paths.settingsPlan} c="inherit" fz="sm" underline="always">
            {countdown}
          </Anchor>
        ) : (
          <span>{countdown}</span>
        )}
      </div>
    );
  }
  return (
    <div className={classes.ended} role="status">
      <p className={classes.message}>
        <IconLock size={16} aria-hidden="true" className={classes.icon} />O período de teste terminou. A
        organização está só de leitura.
      </p>
      {isAdmin && (
        <Anchor component={Link} to={paths.settingsPlan} c="inherit" fz="sm" fw={700} underline="always">
          Escolher um plano
        </Anchor>
      )}
    </div>
  );
}
