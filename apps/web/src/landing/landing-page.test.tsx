import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page';
import { renderThemeStyles } from './prerender-entry';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('landing page', () => {
  it('has the landmarks, one h1 and the links of the spec', () => {
    render(<LandingPage />);

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    expect(header.getByRole('link', { name: 'Começar Grátis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Começar Trial de 14 Dias' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Ver Preços' })).toHaveAttribute('href', '#precos');
    expect(screen.getByRole('region', { name: /Planos/ })).toHaveAttribute('id', 'precos');
    const closing = within(screen.getByRole('region', { name: 'Pronto para fechar mais negócios?' }));
    expect(closing.getByRole('link', { name: 'Começar Trial Grátis' })).toHaveAttribute('href', '/register');
  });

  it('claims the time saving bench:creation measured, with its method one click away (issue 37)', () => {
    render(<LandingPage />);

    // docs/performance.md, "Time to a sent proposal": −59 % and −61 % measured; the claim rounds down.
    expect(screen.getByText(/Até 60 % menos tempo a criar propostas/)).toBeInTheDocument();
    expect(screen.queryByText(/70\s?%/)).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'menos tempo a criar cada proposta' });
    expect(link).toHaveAttribute('href', '#como-medimos');
    const method = screen.getByRole('region', { name: /Como medimos/ });
    expect(method).toHaveAttribute('id', 'como-medimos');
    expect(method).toHaveTextContent(/11 cliques e 2 campos/);
    expect(method).toHaveTextContent(/KLM/);
  });

  it('lists the six product features', () => {
    render(<LandingPage />);

    const features = within(screen.getByRole('region', { name: /Tudo o que a sua equipa precisa/ }));
    expect(features.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(features.getByText(/RGPD/)).toBeInTheDocument();
    expect(features.getByText(/Débito Direto SEPA/, { selector: 'h3' })).toBeInTheDocument();
  });

  it('renders the theme variables for <head>', () => {
    expect(renderThemeStyles()).toContain('--mantine-color-brand-6');
  });
});
