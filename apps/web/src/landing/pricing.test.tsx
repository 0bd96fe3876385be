import { SALES_EMAIL } from '@aceite/shared/plans';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Pricing } from './pricing';

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

describe('landing pricing', () => {
  it('shows monthly prices by default', () => {
    render(<Pricing />);

    expect(screen.getByRole('radio', { name: 'Mensal' })).toBeChecked();
    expect(within(planCard('Starter')).getByText('29 €')).toBeInTheDocument();
    expect(within(planCard('Professional')).getByText('79 €')).toBeInTheDocument();
    expect(screen.getAllByText('/mês')).toHaveLength(2);
    expect(screen.queryByText(/Faturado €/)).not.toBeInTheDocument();
  });

  it('shows the yearly price divided by 12 and the yearly amount after switching to Anual', async () => {
    const user = userEvent.setup();
    render(<Pricing />);

    const yearly = screen.getByRole('radio', { name: /Anual/ });
    expect(within(yearly.closest('label') as HTMLElement).getByText('-17%')).toBeInTheDocument();
    await user.click(yearly);

    expect(yearly).toBeChecked();
    const starter = planCard('Starter');
    const professional = planCard('Professional');
    expect(within(starter).getByText('24 €')).toBeInTheDocument();
    expect(within(starter).getByText('Faturado €290/ano')).toBeInTheDocument();
    expect(within(professional).getByText('66 €')).toBeInTheDocument();
    expect(within(professional).getByText('Faturado €790/ano')).toBeInTheDocument();
    expect(screen.queryByText('29 €')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Mensal' }));
    expect(within(starter).getByText('29 €')).toBeInTheDocument();
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
