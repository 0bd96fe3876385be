import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { apiError } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';

async function fillValidForm(user: UserEvent, overrides: { confirmPassword?: string } = {}) {
  await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: 'Apelido' }), 'Silva');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana.silva@exemplo.pt');
  await user.type(screen.getByLabelText(/^Password/), 'Aceite2026!');
  await user.type(screen.getByLabelText(/^Confirmar password/), overrides.confirmPassword ?? 'Aceite2026!');
}

afterEach(() => {
  vi.unstubAllGlobals();
  syncAuthFromStorage();
});

describe('RegisterForm', () => {
  it('shows the spec messages for missing names and a short password', async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText(/^Password/), 'curta');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findAllByText('Nome e apelido são obrigatórios')).toHaveLength(2);
    expect(screen.getByText('A password deve ter pelo menos 8 caracteres')).toBeInTheDocument();
  });

  it('shows that the passwords do not match', async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await fillValidForm(user, { confirmPassword: 'Outra2026!' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('As passwords não coincidem')).toBeInTheDocument();
  });

  it('shows a taken email (409) under the email field', async () => {
    mockApi({
      'POST /auth/register': () => apiError(409, 'EMAIL_TAKEN', 'Já existe uma conta com este email'),
    });
    const { user } = renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription('Já existe uma conta com este email'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("maps the server's field details onto the fields", async () => {
    mockApi({
      'POST /auth/register': () =>
        apiError(400, 'VALIDATION_ERROR', 'Domínio inválido', [
          { field: 'organizationDomain', message: 'Domínio inválido' },
        ]),
    });
    const { user } = renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await fillValidForm(user);
    await user.type(screen.getByRole('textbox', { name: 'Domínio' }), 'exemplo.pt');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Domínio' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Domínio inválido')).toBeInTheDocument();
  });

  it("falls back to 'Erro ao criar conta' when the server gives no message", async () => {
    mockApi({ 'POST /auth/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao criar conta');
  });
});
