import { SALES_EMAIL } from '@aceite/shared/pricing';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pricing } from './pricing';

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

describe('landing pricing', () => {
  it('has Mensal checked by default, and both prices in the page, each marked with its period', () => {
    render(<Pricing />);

    expect(screen.getByRole('radio', { name: 'Mensal' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Anual/ })).not.toBeChecked();
    const price = (plan: string, period: string) =>
      planCard(plan).querySelector(`[data-period="${period}"]`) as HTMLElement;
    expect(within(price('Starter', 'monthly')).getByText('29 €')).toBeInTheDocument();
    expect(within(price('Starter', 'monthly')).getByText('Faturado mensalmente')).toBeInTheDocument();
    expect(within(price('Professional', 'monthly')).getByText('79 €')).toBeInTheDocument();
    expect(within(price('Starter', 'yearly')).getByText('24 €')).toBeInTheDocument();
    expect(within(price('Starter', 'yearly')).getByText('Faturado €290/ano')).toBeInTheDocument();
    expect(within(price('Professional', 'yearly')).getByText('66 €')).toBeInTheDocument();
    expect(within(price('Professional', 'yearly')).getByText('Faturado €790/ano')).toBeInTheDocument();
    // Enterprise has one price for both periods, never hidden by the toggle.
    expect(planCard('Enterprise').querySelector('[data-period]')).toBeNull();
    expect(within(planCard('Enterprise')).getByText('Preço à medida')).toBeInTheDocument();
  });

  it('badges Anual with the yearly saving (which price shows is CSS, checked in e2e/lighter-pages.spec.ts)', () => {
    render(<Pricing />);

    const yearly = screen.getByRole('radio', { name: /Anual/ });
    expect(within(yearly.closest('label') as HTMLElement).getByText('-17%')).toBeInTheDocument();
  });

  it('links Starter and Professional to /register and Enterprise to a mail to sales', () => {
    render(<Pricing />);

    for (const name of ['Starter', 'Professional']) {
      const cta = within(planCard(name)).getByRole('link', { name: 'Começar Trial Grátis' });
      expect(cta).toHaveAttribute('href', '/register');
    }
    const enterprise = within(planCard('Enterprise')).getByRole('link', { name: 'Contactar Vendas' });
    expect(enterprise.getAttribute('href')).toMatch(new RegExp(`^mailto:${SALES_EMAIL}\\?subject=.+`));
  });

  it('marks Professional as the most popular plan and lists Starter limits', () => {
    render(<Pricing />);

    expect(within(planCard('Professional')).getByText('Mais Popular')).toBeInTheDocument();
    expect(within(planCard('Starter')).getByText('Sem acesso à API')).toBeInTheDocument();
    for (const term of [
      '14 dias de trial grátis em todos os planos',
      'Sem cartão de crédito',
      'Cancele quando quiser',
    ]) {
      expect(screen.getByText(term)).toBeInTheDocument();
    }
  });
});
