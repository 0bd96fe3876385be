import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { type Handler, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProductForm, type ProductFormValues, toProductInput } from './product-form';

const PRODUCT = {
  id: '7a1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b33',
  name: 'Alojamento web',
  description: 'Alojamento gerido',
  sku: 'HOST-001',
  category: 'Alojamento',
  price: 1500,
  formattedPrice: '15,00 €',
  unit: 'mês' as const,
  isActive: true,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

/** The categories the form offers, and `save` answering the product's creation (POST) or edit (PUT). */
function mockProductApi(save: Handler) {
  return mockApi({
    'GET /products/categories': () => jsonResponse(200, { data: ['Alojamento', 'Design'] }),
    'POST /products': save,
    [`PUT /products/${PRODUCT.id}`]: save,
  });
}

/** The bodies of the saves sent, in order. */
const saves = (api: ReturnType<typeof mockProductApi>) => [
  ...api.bodiesOf('POST /products'),
  ...api.bodiesOf(`PUT /products/${PRODUCT.id}`),
];

async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const values = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: 'Website',
  description: '',
  sku: '',
  category: '',
  price: 0,
  unit: 'unidade',
  isActive: true,
  ...overrides,
});

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

describe('toProductInput', () => {
  it('turns the euros into integer cents by rounding', () => {
    expect(toProductInput(values({ price: 12.5 })).price).toBe(1250);
    expect(toProductInput(values({ price: 19.99 })).price).toBe(1999);
    expect(toProductInput(values({ price: 0.1 + 0.2 })).price).toBe(30);
    expect(toProductInput(values({ price: 0 })).price).toBe(0);
    // Text the field could not read as a number is read the pt-PT way, never with a dot as decimals.
    expect(toProductInput(values({ price: '1.250,50' })).price).toBe(125050);
    expect(() => toProductInput(values({ price: '49.90' }))).toThrow();
  });

  it('trims texts and sends blanks as null', () => {
    expect(toProductInput(values({ name: '  Website ', sku: '  ', category: ' Design ' }))).toEqual({
      name: 'Website',
      description: null,
      sku: null,
      category: 'Design',
      price: 0,
      unit: 'unidade',
      isActive: true,
    });
  });
});

describe('ProductForm', { timeout: 20_000 }, () => {
  it('shows the name and price messages and sends nothing', async () => {
    const api = mockProductApi(() => jsonResponse(201, { data: PRODUCT }));
    const { user } = renderWithProviders(<ProductForm cancelTo="/products" onSuccess={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('O preço deve ser igual ou superior a 0')).toBeInTheDocument();
    expect(saves(api)).toHaveLength(0);
  });

  it('defaults to unidade and active, and saves the typed euros as cents', async () => {
    const api = mockProductApi(() => jsonResponse(201, { data: PRODUCT }));
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<ProductForm cancelTo="/products" onSuccess={onSuccess} />);

    const unit = screen.getByRole('combobox', { name: /^Unidade/ });
    expect(unit).toHaveValue('unidade');
    expect(Array.from(unit.querySelectorAll('option')).map((o) => o.getAttribute('value'))).toEqual([
      'unidade',
      'hora',
      'dia',
      'mês',
      'ano',
      'projeto',
      'licença',
      'usuário',
    ]);
    expect(screen.getByRole('switch', { name: /Produto ativo/ })).toBeChecked();

    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Landing page');
    await fill(user, screen.getByRole('textbox', { name: /^Preço/ }), '1234,5');
    await user.selectOptions(unit, 'projeto');
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(PRODUCT));
    expect(api.bodiesOf('POST /products')[0]).toMatchObject({
      name: 'Landing page',
      price: 123450,
      unit: 'projeto',
      isActive: true,
    });
  });

  it('reads a price typed the Portuguese way (1.250,50) and shows it back formatted', async () => {
    const api = mockProductApi(() => jsonResponse(201, { data: PRODUCT }));
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<ProductForm cancelTo="/products" onSuccess={onSuccess} />);
    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Landing page');
    const price = screen.getByRole('textbox', { name: /^Preço/ });
    await fill(user, price, '1.250,50');
    await user.tab();
    expect(price).toHaveValue('1\u00a0250,50');

    await user.click(screen.getByRole('button', { name: 'Criar produto' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(saves(api)[0]).toMatchObject({ price: 125050 });
  });

  it('refuses an ambiguous price (12.50) and sends nothing', async () => {
    const api = mockProductApi(() => jsonResponse(201, { data: PRODUCT }));
    const { user } = renderWithProviders(<ProductForm cancelTo="/products" onSuccess={vi.fn()} />);
    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Landing page');
    await fill(user, screen.getByRole('textbox', { name: /^Preço/ }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));
    expect(await screen.findByRole('textbox', { name: /^Preço/ })).toHaveAttribute('aria-invalid', 'true');
    expect(saves(api)).toHaveLength(0);
  });

  it('offers the categories in use and accepts a new one', async () => {
    const api = mockProductApi(() => jsonResponse(201, { data: PRODUCT }));
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<ProductForm cancelTo="/products" onSuccess={onSuccess} />);
    const category = screen.getByRole('combobox', { name: /^Categoria/ });

    await vi.waitFor(() =>
      expect(api.fetchMock).toHaveBeenCalledWith('/api/v1/products/categories', expect.anything()),
    );
    await user.click(category);
    // The dropdown is still fading in, so its options count as hidden for a moment.
    expect(await screen.findByRole('option', { name: 'Alojamento', hidden: true })).toBeInTheDocument();
    await user.paste('Formação');
    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Workshop');
    await fill(user, screen.getByRole('textbox', { name: /^Preço/ }), '750');
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(saves(api)[0]).toMatchObject({ category: 'Formação' });
  });

  it('shows a SKU in use (409) under the SKU field', async () => {
    mockProductApi(() =>
      apiError(409, 'CONFLICT', 'Já existe um produto com este SKU', [
        { field: 'sku', message: 'Já existe um produto com este SKU' },
      ]),
    );
    const { user } = renderWithProviders(
      <ProductForm product={PRODUCT} cancelTo="/products" onSuccess={vi.fn()} />,
    );
    expect(screen.getByRole('textbox', { name: /^Preço/ })).toHaveValue('15,00');
    await user.click(screen.getByRole('button', { name: 'Guardar alterações' }));

    const sku = screen.getByRole('textbox', { name: /^SKU/ });
    await vi.waitFor(() => expect(sku).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Já existe um produto com este SKU')).toBeInTheDocument();
  });

  it("falls back to 'Erro ao guardar produto'", async () => {
    mockProductApi(() => jsonResponse(500, {}));
    const { user } = renderWithProviders(
      <ProductForm product={PRODUCT} cancelTo="/products" onSuccess={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Guardar alterações' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao guardar produto');
  });
});
