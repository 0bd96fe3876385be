import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { LabelledSegmentedControl } from './labelled-segmented-control';

describe('LabelledSegmentedControl', () => {
  it('is named by its visible label and reports the choice', async () => {
    const onChange = vi.fn();
    renderWithOverlays(
      <>
        <LabelledSegmentedControl
          label="Tipo de desconto"
          data={[
            { value: 'percentage', label: 'Percentagem' },
            { value: 'fixed', label: 'Valor fixo' },
          ]}
          value="percentage"
          onChange={onChange}
        />
        <LabelledSegmentedControl label="Cobrança" data={['a', 'b']} value="a" onChange={() => {}} />
      </>,
    );
    // Each names its own group (the ids are unique on a page with two).
    expect(screen.getByRole('radiogroup', { name: 'Cobrança' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Tipo de desconto' });
    await userEvent.setup().click(screen.getByText('Valor fixo'));
    expect(onChange).toHaveBeenCalledWith('fixed');
    expect(group).toBeInTheDocument();
  });
});
