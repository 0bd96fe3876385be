import classes from './landing.module.css';

/** The Aceite mark (a tick in a rounded square, as in favicon.svg) followed by the wordmark. */
export function Logo() {
  return (
    <span className={classes.logo}>
      <svg className={classes.logoMark} viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path
          d="M18 33l9 9 19-20"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Aceite
    </span>
  );
}
