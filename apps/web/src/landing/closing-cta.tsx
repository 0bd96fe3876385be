import { IconArrowRight } from '@tabler/icons-react';
import classes from './landing.module.css';
import { LinkButton } from './link-button';
import { TrustList } from './trust-list';

export function ClosingCta() {
  return (
    <section className={classes.closing} aria-labelledby="closing-title">
      <div className={classes.closingInner}>
        <h2 id="closing-title" className={classes.closingTitle}>
          Pronto para fechar mais negócios?
        </h2>
        <p className={classes.closingText}>
          Crie a sua primeira proposta hoje e veja o cliente abri-la, assiná-la e pagá-la, sem sair do Aceite.
        </p>
        <LinkButton
          href="/register"
          size="lg"
          variant="white"
          rightSection={<IconArrowRight size={18} aria-hidden="true" />}
        >
          Começar Trial Grátis
        </LinkButton>
        <TrustList onDark centered />
      </div>
    </section>
  );
}
