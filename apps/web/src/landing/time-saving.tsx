import { formatPercent } from '@aceite/shared/format-percent';
import classes from './landing.module.css';

/*
 * The landing's time claim, as measured (issue 37): `npm run bench:creation` walks from the dashboard to
 * "Proposta enviada" with three catalogue lines by each path and estimates a person's time with the
 * keystroke-level model (docs/performance.md, "Time to a sent proposal"). The best short path took 61 % less
 * than from scratch; the landing says the figure rounded down, never more than was measured.
 */
export const TIME_SAVING_PERCENT = 60;

/** The claim's method, one click from the claim (the hero's figure links here). */
export function TimeSavingMethod() {
  return (
    <section id="como-medimos" className={classes.section} aria-labelledby="como-medimos-title">
      <div className={classes.container}>
        <div className={classes.sectionHeading}>
          <h2 id="como-medimos-title" className={classes.sectionTitle}>
            Como medimos «até {formatPercent(TIME_SAVING_PERCENT)} menos tempo»
          </h2>
          <p className={classes.sectionLead}>
            Um script percorre a aplicação do painel até «Proposta enviada», com três linhas do catálogo, e
            conta cada clique e cada tecla; o tempo de uma pessoa é estimado pelo modelo KLM (keystroke-level
            model). De raiz: 11 cliques e 2 campos escritos, cerca de 41 s. A partir de um modelo, com o
            cliente escolhido em «Nova proposta» e «Guardar e enviar»: 5 cliques e 1 campo, cerca de 17 s (−59
            %). Da página do cliente, com «Nova proposta para este cliente»: 6 cliques, cerca de 16 s (−61 %).
          </p>
        </div>
      </div>
    </section>
  );
}
