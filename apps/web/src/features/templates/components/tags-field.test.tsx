import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { addTag, normalizeTags, TagsField } from './tags-field';

describe('normalizeTags', () => {
  it('trims, drops blanks and keeps the first spelling of a duplicate', () => {
    expect(normalizeTags(['  web ', '', '   ', 'Web', 'pme', 'web'])).toEqual(['web', 'pme']);
  });

  it('keeps at most 20 tags', () => {
    const many = Array.from({ length: 25 }, (_, i) => `tag-${i}`);
    expect(normalizeTags(many)).toHaveLength(20);
  });
});

describe('addTag', () => {
  it('adds the trimmed text, and ignores blanks and tags already there', () => {
    expect(addTag(['web'], '  pme  ')).toEqual(['web', 'pme']);
    expect(addTag(['web'], '   ')).toEqual(['web']);
    expect(addTag(['web'], ' WEB ')).toEqual(['web']);
  });
});

function Harness({ onChange }: { onChange?: (tags: string[]) => void }) {
  const [tags, setTags] = useState<string[]>(['website']);
  return (
    <TagsField
      value={tags}
      onChange={(next) => {
        setTags(next);
        onChange?.(next);
      }}
    />
  );
}

describe('TagsField', { timeout: 15_000 }, () => {
  it('adds a trimmed tag with Enter and ignores a duplicate', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Etiquetas' });

    await user.click(input);
    await user.paste('  cms  ');
    await user.keyboard('{Enter}');
    await user.paste('Website');
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenLastCalledWith(['website', 'cms']);
    expect(screen.getByRole('button', { name: 'Remover etiqueta cms' })).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it("adds the typed tag with the 'Adicionar' button", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Etiquetas' }));
    await user.paste(' pme ');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));

    expect(onChange).toHaveBeenLastCalledWith(['website', 'pme']);
    expect(screen.getByText('pme')).toBeInTheDocument();
  });

  it('removes a tag with its remove button', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Remover etiqueta website' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByText('website')).not.toBeInTheDocument();
  });
});
