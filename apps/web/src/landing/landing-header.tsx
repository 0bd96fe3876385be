import classes from './landing.module.css';
import { LinkButton } from './link-button';
import { Logo } from './logo';

export function LandingHeader() {
  return (
    <header className={classes.header}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <a href="/" className={classes.logoLink}>
          <Logo />
        </a>
        <nav aria-label="Secções da página" className={classes.headerNav}>
          <a href="#funcionalidades">Funcionalidades</a>
          <a href="#precos">Preços</a>
        </nav>
        <div className={classes.headerActions}>
          <LinkButton href="/login" variant="subtle" size="sm">
            Entrar
          </LinkButton>
          <LinkButton href="/register" size="sm">
            Começar Grátis
          </LinkButton>
        </div>
      </div>
    </header>
  );
}
