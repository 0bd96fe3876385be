import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TemplateForm } from './template-form';
import { TemplateFormSchema, toTemplateInput } from './template-form-values';

const SAVED = {
  id: '9c1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b55',
  name: 'Website',
  description: null,
  category: 'outro',
  tags: [],
  content: { blocks: [], items: [] },
  isGlobal: false,
  useCount: 0,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

function renderForm() {
  const api = mockApi({ 'POST /templates': () => jsonResponse(201, { data: SAVED }) });
  const onSuccess = vi.fn();
  const view = renderWithProviders(<TemplateForm cancelTo="/templates" onSuccess={onSuccess} />);
  const sentBody = () => api.bodiesOf('POST /templates')[0] as { content: { items: unknown[] } };
  return { ...view, fetchMock: api.fetchMock, onSuccess, sentBody };
}

const blockTitles = () =>
  screen
    .getAllByRole('textbox', { name: /^Título do bloco/ })
    .map((input) => (input as HTMLInputElement).value);

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

describe('toTemplateInput', () => {
  it('sends unit prices in cents, texts trimmed and tags normalised', () => {
    const input = toTemplateInput({
      name: ' Website ',
      description: '  ',
      category: 'design',
      tags: ['web', ' pme '],
      content: {
        blocks: [{ id: 'b1', type: 'list', title: ' Inclui ', content: 'Design\nCMS' }],
        items: [
          {
            id: 'i1',
            name: '',
            description: 'Site',
            quantity: 1.5,
            unit: 'hora',
            unitPrice: 19.99,
            discount: 10,
            tax: 23,
            optional: '',
            minQuantity: '',
            maxQuantity: '',
          },
        ],
      },
    });
    expect(input).toMatchObject({
      name: 'Website',
      description: null,
      category: 'design',
      tags: ['web', 'pme'],
      content: {
        blocks: [{ id: 'b1', type: 'list', title: 'Inclui', content: 'Design\nCMS' }],
        items: [
          { id: 'i1', description: 'Site', quantity: 1.5, unit: 'hora', unitPrice: 1999, discount: 10 },
        ],
      },
    });
  });
});

describe('toTemplateInput: the lines of a package (issue 37)', () => {
  const base = {
    name: 'Pacote',
    description: '',
    category: 'outro' as const,
    tags: [],
    content: { blocks: [] },
  };
  const line = {
    id: 'i1',
    name: ' Manutenção ',
    description: 'Atualizações',
    quantity: 6,
    unit: 'mês',
    unitPrice: 50,
    discount: 0,
    tax: 23,
    optional: 'unselected' as const,
    minQuantity: '3',
    maxQuantity: '12',
  };

  it('sends the name, the optional mode and the range; empty choice fields are left out', () => {
    const input = toTemplateInput({
      ...base,
      content: {
        blocks: [],
        items: [line, { ...line, id: 'i2', optional: '', minQuantity: '', maxQuantity: '' }],
      },
    });
    expect(input.content?.items?.[0]).toMatchObject({
      name: 'Manutenção',
      description: 'Atualizações',
      optional: 'unselected',
      minQuantity: 3,
      maxQuantity: 12,
    });
    expect(input.content?.items?.[1]).not.toHaveProperty('optional');
    expect(input.content?.items?.[1]).not.toHaveProperty('minQuantity');
  });

  it('refuses a range that does not hold the quantity, with the proposal editor words', () => {
    const result = TemplateFormSchema.safeParse({
      ...base,
      content: { blocks: [], items: [{ ...line, maxQuantity: '4' }] },
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['content', 'items', 0, 'maxQuantity'],
        message: 'A quantidade máxima não pode ser inferior à quantidade.',
      }),
    ]);
  });
});

describe('TemplateForm', { timeout: 30_000 }, () => {
  it("requires the name ('O nome é obrigatório') and sends nothing", async () => {
    const { user, fetchMock } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Criar modelo' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds content blocks of either type', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Adicionar lista' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar bloco de texto' }));
    expect(blockTitles()).toEqual(['', '']);
    expect(screen.getByText('Um item da lista por linha.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Tipo do bloco 1' })).toBeInTheDocument();
  });

  it('reorders and removes content blocks, and saves them in that order', async () => {
    const api = mockApi({ [`PUT /templates/${SAVED.id}`]: () => jsonResponse(200, { data: SAVED }) });
    const onSuccess = vi.fn();
    const block = (id: string, type: 'text' | 'list', title: string) => ({ id, type, title, content: '' });
    const template = {
      ...SAVED,
      name: 'Website',
      category: 'outro' as const,
      content: {
        blocks: [
          block('b1', 'text', 'Introdução'),
          block('b2', 'list', 'Inclui'),
          block('b3', 'text', 'Prazos'),
        ],
        items: [],
      },
    };
    const { user } = renderWithProviders(
      <TemplateForm template={template} cancelTo="/templates" onSuccess={onSuccess} />,
    );

    expect(screen.getByRole('button', { name: 'Mover bloco 1 para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover bloco 3 para baixo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mover bloco 2 para cima' }));
    expect(blockTitles()).toEqual(['Inclui', 'Introdução', 'Prazos']);
    await user.click(screen.getByRole('button', { name: 'Mover bloco 2 para baixo' }));
    expect(blockTitles()).toEqual(['Inclui', 'Prazos', 'Introdução']);
    await user.click(screen.getByRole('button', { name: 'Remover bloco 2' }));
    expect(blockTitles()).toEqual(['Inclui', 'Introdução']);

    await user.click(screen.getByRole('button', { name: 'Guardar alterações' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [body] = api.bodiesOf(`PUT /templates/${SAVED.id}`) as { content: { blocks: unknown[] } }[];
    expect(body?.content.blocks).toEqual([
      { id: 'b2', type: 'list', title: 'Inclui', content: '' },
      { id: 'b1', type: 'text', title: 'Introdução', content: '' },
    ]);
  });

  it("adds items with unit 'un', quantity 1 and 23 % tax, and sends the unit price in cents", async () => {
    const { user, onSuccess, sentBody } = renderForm();
    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Website');
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const item = within(screen.getByRole('group', { name: 'Item 1' }));
    expect(item.getByRole('textbox', { name: 'Unidade' })).toHaveValue('un');
    expect(item.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('1');
    expect(item.getByRole('textbox', { name: 'IVA (%)' })).toHaveValue('23');

    await fill(user, item.getByRole('textbox', { name: 'Descrição do item 1' }), 'Desenvolvimento');
    await fill(user, item.getByRole('textbox', { name: 'Preço unitário' }), '1250,5');
    await user.clear(item.getByRole('textbox', { name: 'Desconto (%)' }));
    await fill(user, item.getByRole('textbox', { name: 'Desconto (%)' }), '10');
    // 1250,50 € − 10 % = 1125,45 €, plus 23 % IVA = 1384,30 €.
    expect(item.getByText(/1\s384,30/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Criar modelo' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sentBody().content.items).toEqual([
      expect.objectContaining({
        description: 'Desenvolvimento',
        quantity: 1,
        unit: 'un',
        unitPrice: 125050,
        discount: 10,
        tax: 23,
      }),
    ]);
  });

  it('reads prices typed the Portuguese way (1 250,50) and shows them back formatted', async () => {
    const { user, onSuccess, sentBody } = renderForm();
    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Website');
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const item = within(screen.getByRole('group', { name: 'Item 1' }));
    const price = item.getByRole('textbox', { name: 'Preço unitário' });
    await fill(user, price, '1 250,50');
    await user.tab();
    expect(price).toHaveValue('1\u00a0250,50');

    await user.click(screen.getByRole('button', { name: 'Criar modelo' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sentBody().content.items[0]).toMatchObject({ unitPrice: 125050 });
  });

  it('shows an item whose unit price is missing and sends nothing', async () => {
    const { user, fetchMock } = renderForm();
    await fill(user, screen.getByRole('textbox', { name: /^Nome/ }), 'Website');
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    await user.click(screen.getByRole('button', { name: 'Criar modelo' }));
    expect(await screen.findByText('O preço unitário deve ser igual ou superior a 0')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
