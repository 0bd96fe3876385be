import type { ReactNode } from 'react';
import classes from './landing.module.css';

const VARIANTS = {
  filled: classes.btnFilled,
  default: classes.btnDefault,
  subtle: classes.btnSubtle,
  outline: classes.btnOutline,
  white: classes.btnWhite,
};
const SIZES = { sm: classes.btnSm, md: classes.btnMd, lg: classes.btnLg };

interface LinkButtonProps {
  href: string;
  children: ReactNode;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  fullWidth?: boolean;
  rightSection?: ReactNode;
  className?: string;
}

/**
 * A link styled like Mantine's Button (same heights, radius and weights). Every call-to-action here is a
 * navigation (full page load into the SPA, an in-page anchor or a mailto), so it is an <a>, not a <button>.
 */
export function LinkButton({
  href,
  children,
  variant = 'filled',
  size = 'md',
  fullWidth = false,
  rightSection,
  className,
}: LinkButtonProps) {
  const classNames = [classes.btn, VARIANTS[variant], SIZES[size], fullWidth && classes.btnFull, className];
  return (
    <a href={href} className={classNames.filter(Boolean).join(' ')}>
      {children}
      {rightSection}
    </a>
  );
}
