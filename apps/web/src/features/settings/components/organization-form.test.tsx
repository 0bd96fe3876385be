import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { LOGO_MAX_BYTES, OrganizationForm, readLogo } from './organization-form';

const ORGANIZATION = {
  id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
  name: 'Demo Lda',
  domain: null,
  plan: 'professional',
  branding: { primaryColor: '#007bff', logo: null },
  settings: { weekStartsOn: 1 },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readLogo', { timeout: 20_000 }, () => {
  it('reads a small PNG as a data URL', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await expect(readLogo(file)).resolves.toMatch(/^data:image\/png;base64,/);
  });

  it('refuses other types and files over 200 KB with the shared message', async () => {
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    const big = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'logo.png', { type: 'image/png' });
    const message = 'O logótipo deve ser uma imagem PNG, JPEG ou WebP até 200 KB';
    await expect(readLogo(svg)).rejects.toThrow(message);
    await expect(readLogo(big)).rejects.toThrow(message);
  });
});

describe('OrganizationForm', { timeout: 20_000 }, () => {
  it('saves name, domain, colour and logo, keeping the other settings, with the spec success text', async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<OrganizationForm onMessage={onMessage} />);

    const name = await screen.findByLabelText(/^Nome da organização/);
    expect(screen.getByLabelText(/^Cor da marca/)).toHaveValue('#007bff');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    expect(await screen.findByText('O nome da organização é obrigatório')).toBeInTheDocument();

    await user.type(name, 'Demo Lda.');
    await user.type(screen.getByLabelText(/^Domínio/), 'propostas.demo.pt');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Ficheiro do logótipo'), png);
    expect(await screen.findByAltText('Pré-visualização do logótipo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));

    await waitFor(() =>
      expect(onMessage).toHaveBeenLastCalledWith({
        type: 'success',
        text: 'Configurações da organização atualizadas com sucesso!',
      }),
    );
    const [sent] = api.bodiesOf('PUT /settings/organization') as [Record<string, unknown>];
    expect(sent).toMatchObject({
      name: 'Demo Lda.',
      domain: 'propostas.demo.pt',
      branding: { primaryColor: '#007bff' },
      settings: { weekStartsOn: 1 },
    });
    expect((sent.branding as { logo: string }).logo).toMatch(/^data:image\/png;base64,/);
  });

  it('edits the proposal defaults: email subject and message and the validity in days', async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);
    const days = await screen.findByRole('textbox', { name: /^Validade das propostas/ });
    expect(days).toHaveValue('30');
    const subject = screen.getByRole('textbox', { name: /^Assunto do email/ });
    expect(subject).toHaveValue('{organizacao}: proposta {numero} "{proposta}"');
    await user.clear(subject);
    await user.type(subject, 'Proposta {{proposta}');
    const message = screen.getByRole('textbox', { name: /^Mensagem do email/ });
    await user.clear(message);
    await user.type(message, 'Olá {{cliente},');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    expect(
      await screen.findByText('A validade deve ser um número inteiro de dias entre 1 e 365'),
    ).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '15');
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      settings: {
        weekStartsOn: 1,
        proposalEmailSubject: 'Proposta {proposta}',
        proposalEmailMessage: 'Olá {cliente},',
        proposalValidityDays: 15,
      },
    });
  });

  it("asks the client for an email code by default, and saves the admin's choice to turn it off", async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);
    // Mantine's label wraps the description too, so the name starts with the label.
    const toggle = await screen.findByRole('switch', {
      name: /^Pedir ao cliente um código enviado por email antes de aceitar, assinar ou rejeitar/,
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      settings: { weekStartsOn: 1, requireAnswerCode: false },
    });
  });

  it('checks the privacy contact (an email or a web address) and saves it', async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);
    const contact = await screen.findByRole('textbox', { name: /^Contacto de privacidade/ });
    expect(contact).toHaveValue('');
    await user.type(contact, 'privacidade');
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    expect(
      await screen.findByText('Indique um email ou um endereço web (https://…) válido'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(0);
    await user.clear(contact);
    await user.type(contact, 'https://demo.pt/privacidade');
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      settings: { weekStartsOn: 1, privacyContact: 'https://demo.pt/privacidade' },
    });
  });

  it('shows the logo rule under the field for a file that is too big', async () => {
    mockApi({ 'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }) });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);
    const big = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Ficheiro do logótipo'), big);
    expect(
      await screen.findByText('O logótipo deve ser uma imagem PNG, JPEG ou WebP até 200 KB'),
    ).toBeInTheDocument();
  });
});
