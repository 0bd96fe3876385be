import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, Checkbox, Radio, RadioGroup, TextInput } from './controls';
import { PageIdPrefix } from './page-id';

function Reasons() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <RadioGroup label="Motivo" withAsterisk value={value} onChange={setValue} error="Escolha um motivo.">
      <Radio value="price" label="Preço" />
      <Radio value="other" label="Outro" />
    </RadioGroup>
  );
}

// The client's page's own controls (controls.tsx): what a screen reader and a keyboard get from them.
describe("the client's page's controls", () => {
  it('a field is named by its label and described by its description and its error', () => {
    render(<TextInput label="IBAN" required description="Sem espaços." error="IBAN inválido." />);
    const field = screen.getByRole('textbox', { name: /IBAN/ });
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Sem espaços. IBAN inválido.');
  });

  it("a field marked wrong without a text of its own keeps the form's message as its description", () => {
    render(
      <>
        <TextInput label="Email" error aria-describedby="form-error" />
        <p id="form-error">Indique o nome e o email.</p>
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Indique o nome e o email.');
  });

  it('a busy button is disabled and says so, and keeps its name', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Aceitar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Aceitar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('radios form a named group chosen with the keyboard; its error describes the group', async () => {
    render(<Reasons />);
    const group = screen.getByRole('group', { name: /Motivo/ });
    expect(group).toHaveAccessibleDescription('Escolha um motivo.');
    await userEvent.click(screen.getByRole('radio', { name: 'Preço' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Outro' })).toBeChecked();
  });

  it('a check is named by its label and its error describes it', () => {
    render(<Checkbox label="Autorizo o débito direto" error="Obrigatório." />);
    expect(screen.getByRole('checkbox', { name: 'Autorizo o débito direto' })).toHaveAccessibleDescription(
      'Obrigatório.',
    );
  });

  it("ids carry the island's name, so two islands never share one", () => {
    render(
      <>
        <PageIdPrefix prefix="answer-">
          <TextInput label="Nome" />
        </PageIdPrefix>
        <PageIdPrefix prefix="messages-">
          <TextInput label="Nome" />
        </PageIdPrefix>
      </>,
    );
    const [a, b] = screen.getAllByRole('textbox', { name: 'Nome' });
    expect(a?.id.startsWith('answer-')).toBe(true);
    expect(b?.id.startsWith('messages-')).toBe(true);
  });
});
