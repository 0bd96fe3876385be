import type { Comment } from '@aceite/shared/schemas/collaboration';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { CommentsPanel } from './comments-panel';

const PROPOSAL = '00000000-0000-4000-8000-000000000001';
const ME = '00000000-0000-4000-8000-0000000000aa';
const OTHER = '00000000-0000-4000-8000-0000000000bb';

function comment(n: number, overrides: Partial<Comment> = {}): Comment {
  const at = new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: ME,
    authorName: 'Vera Vieira',
    content: `Comentário ${n}`,
    isPrivate: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('CommentsPanel', () => {
  it('lists author, date and the private badge; only the author may edit or delete', async () => {
    mockApi({
      [`GET /proposals/${PROPOSAL}/comments`]: () =>
        jsonResponse(200, {
          data: [
            comment(1, { isPrivate: true }),
            comment(2, { userId: OTHER, authorName: 'Gil Gomes', content: 'De outra pessoa' }),
          ],
        }),
    });
    renderWithOverlays(<CommentsPanel proposalId={PROPOSAL} canEdit={(c) => c.userId === ME} canComment />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [mine, theirs] = items as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Privado')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(theirs).getByText('Gil Gomes')).toBeInTheDocument();
    expect(within(theirs).queryByText('Privado')).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it('cannot send empty or blank text, and sends the trimmed text with the private flag', async () => {
    const api = mockApi({
      [`GET /proposals/${PROPOSAL}/comments`]: () => jsonResponse(200, { data: [] }),
      [`POST /proposals/${PROPOSAL}/comments`]: () => jsonResponse(201, { data: comment(3) }),
    });
    const { user } = renderWithOverlays(
      <CommentsPanel proposalId={PROPOSAL} canEdit={(c) => c.userId === ME} canComment />,
    );
    expect(await screen.findByText('Ainda não há comentários.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Comentar' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Novo comentário' }), '   ');
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Novo comentário' }), 'Ligar ao cliente  ');
    await user.click(screen.getByRole('checkbox', { name: /Privado/ }));
    await user.click(send);
    await waitFor(() =>
      expect(api.bodiesOf(`POST /proposals/${PROPOSAL}/comments`)).toEqual([
        { content: 'Ligar ao cliente', isPrivate: true },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Novo comentário' })).toHaveValue(''));
  });

  it("shows the spec's error when comments cannot be loaded, and no form to a viewer", async () => {
    mockApi({
      [`GET /proposals/${PROPOSAL}/comments`]: () => jsonResponse(500, {}),
    });
    renderWithOverlays(
      <CommentsPanel proposalId={PROPOSAL} canEdit={(c) => c.userId === ME} canComment={false} />,
    );
    expect(await screen.findByText('Erro ao carregar comentários')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Novo comentário' })).not.toBeInTheDocument();
  });
});
