import { SALES_EMAIL } from '@aceite/shared/pricing';
import classes from './landing.module.css';
import { Logo } from './logo';

export function LandingFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.footerGrid}>
          <div className={classes.footerBrand}>
            <a href="/" className={classes.logoLink}>
              <Logo />
            </a>
            <p>Propostas comerciais com acompanhamento, assinatura digital e pagamentos SEPA.</p>
          </div>
          <nav aria-labelledby="footer-product">
            <h2 id="footer-product" className={classes.footerHeading}>
              Produto
            </h2>
            <ul className={classes.footerLinks}>
              <li>
                <a href="#funcionalidades">Funcionalidades</a>
              </li>
              <li>
                <a href="#precos">Preços</a>
              </li>
              <li>
                <a href="/register">Criar conta</a>
              </li>
              <li>
                <a href="/login">Entrar</a>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className={classes.footerHeading}>Contacto</h2>
            <ul className={classes.footerLinks}>
              <li>
                <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
              </li>
            </ul>
          </div>
        </div>
        <p className={classes.copyright}>
          © {/* The year is rendered at build time; a new year must not break hydration of an old build. */}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> Aceite. Todos os direitos
          reservados.
        </p>
      </div>
    </footer>
  );
}
