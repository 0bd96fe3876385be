import { TRIAL_DAYS } from '@aceite/shared/trial';
import { IconCheck } from '@tabler/icons-react';
import classes from './landing.module.css';

/**
 * The trial terms of docs/product.md#landing-page-and-plans, repeated wherever a call-to-action asks for a
 * sign-up.
 */
export const TRIAL_POINTS = [`${TRIAL_DAYS} dias grátis`, 'Sem cartão de crédito', 'Cancele quando quiser'];

export function TrustList({
  items = TRIAL_POINTS,
  onDark = false,
  centered = false,
}: {
  items?: string[];
  onDark?: boolean;
  centered?: boolean;
}) {
  const classNames = [
    classes.trustList,
    onDark && classes.trustListOnDark,
    centered && classes.trustListCentered,
  ];
  return (
    <ul className={classNames.filter(Boolean).join(' ')}>
      {items.map((item) => (
        <li key={item}>
          <IconCheck size={16} stroke={2.5} aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
