import type { Template } from '@aceite/shared/schemas/templates';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { formatUseCount, TemplateCard } from './template-card';

const TEMPLATE: Template = {
  id: '8b1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b44',
  name: 'Website para PME',
  description: 'a'.repeat(120),
  category: 'desenvolvimento',
  tags: ['website', 'pme', 'cms', 'alojamento', 'seo'],
  content: { blocks: [], items: [] },
  isGlobal: false,
  useCount: 5,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

function renderCard(overrides: Partial<Template> = {}, access = { canUse: true, canWrite: true }) {
  const onUse = vi.fn();
  const onArchive = vi.fn();
  const view = renderWithProviders(
    <TemplateCard
      template={{ ...TEMPLATE, ...overrides }}
      {...access}
      onUse={onUse}
      onArchive={onArchive}
      using={false}
      archiving={false}
    />,
  );
  return { ...view, onUse, onArchive };
}

describe('TemplateCard', () => {
  it('shows at most 3 tags and cuts the description at 100 characters', () => {
    renderCard();
    const tags = within(screen.getByRole('list', { name: 'Etiquetas' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['website', 'pme', 'cms', '+2']);
    expect(screen.getByText(`${'a'.repeat(100)}…`)).toBeInTheDocument();
    expect(screen.getByText('Desenvolvimento')).toBeInTheDocument();
    expect(screen.getByText('Usado 5 vezes')).toBeInTheDocument();
  });

  it('offers use, edit and archive to a manager for an own template', async () => {
    const { user, onUse, onArchive } = renderCard();
    expect(screen.getByRole('link', { name: 'Editar Website para PME' })).toHaveAttribute(
      'href',
      `/templates/${TEMPLATE.id}/edit`,
    );
    await user.click(screen.getByRole('button', { name: 'Usar modelo' }));
    await user.click(screen.getByRole('button', { name: 'Arquivar Website para PME' }));
    expect(onUse).toHaveBeenCalledWith(expect.objectContaining({ id: TEMPLATE.id }));
    expect(onArchive).toHaveBeenCalledWith(expect.objectContaining({ id: TEMPLATE.id }));
  });

  it('marks a global template and never offers to edit or archive it', () => {
    renderCard({ isGlobal: true });
    expect(screen.getByText('Global')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Usar modelo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Arquivar/ })).not.toBeInTheDocument();
  });

  it('offers a viewer no action at all', () => {
    renderCard({}, { canUse: false, canWrite: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('words the use count', () => {
    expect(formatUseCount(0)).toBe('Ainda não foi usado');
    expect(formatUseCount(1)).toBe('Usado 1 vez');
    expect(formatUseCount(12)).toBe('Usado 12 vezes');
  });
});
