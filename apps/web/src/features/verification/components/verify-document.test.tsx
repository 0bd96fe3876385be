import { createHash } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { VerifyDocument } from './verify-document';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-white-label');
});

const RESULT = {
  verificationCode: 'ABCD-EFGH-JK23',
  proposalTitle: 'Renovação da loja',
  organizationName: 'Açores Digital',
  signerName: 'Joana Lima',
  decision: 'signed',
  decidedAt: '2026-07-01T13:05:09.000Z',
  sealedAt: '2026-07-01T13:05:12.000Z',
  total: 123456,
  currency: 'EUR',
  sha256: 'ab'.repeat(32),
  fileMatches: null,
  chainIntact: true,
};

describe('VerifyDocument', () => {
  it('checks the code from the certificate link at once and shows what the document records', async () => {
    const api = mockApi({ 'POST /public/verify': () => jsonResponse(200, { data: RESULT }) });
    renderWithProviders(<VerifyDocument initialCode="ABCD-EFGH-JK23" />);
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Documento selado pelo Aceite');
    expect(result).toHaveTextContent('Renovação da loja');
    expect(result).toHaveTextContent('Assinante: Joana Lima');
    expect(result).toHaveTextContent('01/07/2026, 14:05 (hora de Lisboa)');
    expect(result).toHaveTextContent('Cadeia de eventos: íntegra');
    expect(result).toHaveTextContent(`SHA-256 do ficheiro selado: ${'ab'.repeat(32)}`);
    expect(result).toHaveTextContent(/Total: 1\s234,56\s€/);
    expect(api.bodiesOf('POST /public/verify')).toEqual([{ code: 'ABCD-EFGH-JK23' }]);
  });

  it('on a white-label host (docs/product.md#white-label) the result names no platform', async () => {
    // The attribute the server sets on every HTML page of a white-label organization's domain.
    document.documentElement.setAttribute('data-white-label', '');
    mockApi({ 'POST /public/verify': () => jsonResponse(200, { data: RESULT }) });
    renderWithProviders(<VerifyDocument initialCode="ABCD-EFGH-JK23" />);
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Documento selado');
    expect(result).not.toHaveTextContent('Aceite');
  });

  it('compares a file chosen with the code and says when it was altered after sealing', async () => {
    const api = mockApi({
      'POST /public/verify': ({ body }) =>
        jsonResponse(200, {
          data: { ...RESULT, fileMatches: (body as { sha256?: string }).sha256 ? false : null },
        }),
    });
    renderWithProviders(<VerifyDocument initialCode="ABCD-EFGH-JK23" />);
    await screen.findByRole('status');
    const bytes = new TextEncoder().encode('%PDF-1.7 alterado');
    const file = new File([bytes], 'proposta.pdf', { type: 'application/pdf' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    const result = await screen.findByText('Ficheiro alterado');
    const status = result.closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent('alterado depois de selado');
    const digest = createHash('sha256').update(bytes).digest('hex');
    expect(status).toHaveTextContent(`SHA-256 do ficheiro escolhido: ${digest}`);
    expect(status).toHaveTextContent('Assinante: Joana Lima');
    expect(api.bodiesOf('POST /public/verify').at(-1)).toEqual({ code: 'ABCD-EFGH-JK23', sha256: digest });
  });

  it('sends only the SHA-256 of a chosen file, hashed in the browser, and says when nothing matches', async () => {
    const api = mockApi({
      'POST /public/verify': () => apiError(404, 'NOT_FOUND', MESSAGES.verificationNoMatch),
    });
    renderWithProviders(<VerifyDocument />);
    const bytes = new TextEncoder().encode('%PDF-1.7 conteúdo');
    const file = new File([bytes], 'proposta.pdf', { type: 'application/pdf' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('Sem correspondência')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.verificationNoMatch)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodiesOf('POST /public/verify')).toEqual([
        { sha256: createHash('sha256').update(bytes).digest('hex') },
      ]),
    );
  });

  it('checks a typed code', async () => {
    const api = mockApi({ 'POST /public/verify': () => jsonResponse(200, { data: RESULT }) });
    renderWithProviders(<VerifyDocument />);
    await userEvent.type(screen.getByLabelText('Código de verificação'), 'abcd efgh jk23');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Açores Digital');
    expect(api.bodiesOf('POST /public/verify')).toEqual([{ code: 'abcd efgh jk23' }]);
  });
});
