import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ClientForm } from './client-form';

const SAVED = {
  id: '6f1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b22',
  name: 'Marta Sousa',
  company: null,
  email: 'marta@padaria.pt',
  phone: null,
  taxId: null,
  address: { street: null, city: null, postalCode: null, country: 'Portugal' },
  notes: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

function renderForm() {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<ClientForm cancelTo="/clients" onSuccess={onSuccess} />);
  return { ...view, onSuccess };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

/** Types a whole value at once (one input event), as fast as a paste. */
async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

beforeAll(() => {
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClientForm', { timeout: 20_000 }, () => {
  it("says 'Nome e Email são obrigatórios' under both fields and sends nothing", async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Criar cliente' }));

    expect(await screen.findAllByText('Nome e Email são obrigatórios')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email pattern and the NIF check digit on blur (docs/product.md#tax-ids)', async () => {
    const { user } = renderForm();
    await fill(user, field('Email'), 'marta@');
    await fill(user, field('NIF'), '123456780');
    await user.tab();

    expect(await screen.findByText('Por favor, insira um email válido')).toBeInTheDocument();
    expect(screen.getByText('NIF inválido')).toBeInTheDocument();

    // The right check digit clears it; another country takes its own tax id.
    await user.clear(field('NIF'));
    await fill(user, field('NIF'), '123456789');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('NIF inválido')).not.toBeInTheDocument());
    await user.clear(field('NIF'));
    await fill(user, field('NIF'), 'ESB12345678');
    await user.tab();
    expect(await screen.findByText('NIF inválido')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'Espanha');
    await user.clear(field('NIF'));
    await fill(user, field('NIF'), 'ESB12345678');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('NIF inválido')).not.toBeInTheDocument());
  });

  it('offers the spec countries with Portugal chosen', () => {
    renderForm();
    const country = screen.getByRole('combobox', { name: 'País' });
    expect(country).toHaveValue('Portugal');
    const options = Array.from(country.querySelectorAll('option')).map((option) => option.textContent);
    expect(options).toEqual(['Portugal', 'Espanha', 'Brasil', 'França', 'Alemanha', 'Reino Unido', 'Outro']);
  });

  it('sends trimmed values, the email lower-cased and blanks as null', async () => {
    const api = mockApi({ 'POST /clients': () => jsonResponse(201, { data: SAVED }) });
    const { user, onSuccess } = renderForm();

    await fill(user, field('Nome'), '  Marta Sousa ');
    await fill(user, field('Email'), ' Marta@Padaria.PT');
    await user.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'Espanha');
    await user.click(screen.getByRole('button', { name: 'Criar cliente' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(SAVED));
    expect(api.bodiesOf('POST /clients')[0]).toEqual({
      name: 'Marta Sousa',
      company: null,
      email: 'marta@padaria.pt',
      phone: null,
      taxId: null,
      address: { street: null, city: null, postalCode: null, country: 'Espanha' },
      notes: null,
    });
  });

  it("shows a taken email (409) under the email field: 'Já existe um cliente com este email'", async () => {
    mockApi({
      'POST /clients': () =>
        apiError(409, 'CONFLICT', 'Já existe um cliente com este email', [
          { field: 'email', message: 'Já existe um cliente com este email' },
        ]),
    });
    const { user, onSuccess } = renderForm();
    await fill(user, field('Nome'), 'Marta Sousa');
    await fill(user, field('Email'), 'marta@padaria.pt');
    await user.click(screen.getByRole('button', { name: 'Criar cliente' }));

    await vi.waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription('Já existe um cliente com este email'),
    );
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("falls back to 'Erro ao guardar cliente' when the server gives no message", async () => {
    mockApi({ 'POST /clients': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderForm();
    await fill(user, field('Nome'), 'Marta Sousa');
    await fill(user, field('Email'), 'marta@padaria.pt');
    await user.click(screen.getByRole('button', { name: 'Criar cliente' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao guardar cliente');
  });

  it('edits an existing client with PUT and says so on the button', async () => {
    const api = mockApi({
      [`PUT /clients/${SAVED.id}`]: () => jsonResponse(200, { data: { ...SAVED, phone: '+351 912' } }),
    });
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(
      <ClientForm client={SAVED} cancelTo="/clients/x" onSuccess={onSuccess} />,
    );
    expect(field('Nome')).toHaveValue('Marta Sousa');
    await fill(user, field('Telefone'), '+351 912');
    await user.click(screen.getByRole('button', { name: 'Guardar alterações' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(api.bodiesOf(`PUT /clients/${SAVED.id}`)).toEqual([
      expect.objectContaining({ phone: '+351 912' }),
    ]);
  });
});
