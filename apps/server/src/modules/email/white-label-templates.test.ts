import { describe, expect, it } from 'vitest';
import { sealedDocumentEmail, sepaPreNotificationEmail } from './email.templates.ts';

// The templates a white-label organization's client receives name no Aceite (docs/product.md#white-label); on
// the app's own host they keep the platform's header and footer.
describe('white-label email layouts', () => {
  const notice = {
    debtorName: 'Rita Sousa',
    amount: '120,00 €',
    collectionDate: '05/12/2026',
    creditorName: 'Empresa Branca Lda',
    creditorIdentifier: 'PT12ZZZ123456',
    mandateReference: 'MAND-1',
    ibanMasked: 'PT50 •••• 1234',
    proposalNumber: 'ORC 2026/0001',
  };

  it('the SEPA pre-notification: under the creditor’s name, without Aceite', () => {
    const marked = sepaPreNotificationEmail(notice);
    expect(marked.html).toContain('Aceite');
    const plain = sepaPreNotificationEmail({ ...notice, whiteLabel: true });
    expect(plain.html).toContain('Empresa Branca Lda');
    for (const part of [plain.subject, plain.html, plain.text]) expect(part).not.toContain('Aceite');
  });

  it('the sealed-PDF email to the client: the organization’s colour and logo, without Aceite', () => {
    const input = {
      organizationName: 'Empresa Branca Lda',
      primaryColor: '#2f6b3a',
      logo: 'data:image/png;base64,iVBORw0KGgo=',
      title: 'Obra',
      link: 'https://propostas.branca.pt/api/v1/public/proposals/t/sealed-pdf',
      isOwner: false,
      verificationCode: 'ABCD-EFGH-JK23',
      verificationUrl: 'https://propostas.branca.pt/verificar?codigo=ABCD-EFGH-JK23',
      total: '100,00 €',
      originalTotal: null,
    };
    expect(sealedDocumentEmail(input).html).toContain('Aceite');
    const plain = sealedDocumentEmail({ ...input, whiteLabel: true });
    expect(plain.html).toContain('background:#2f6b3a');
    expect(plain.html).toContain('<img src="data:image/png;base64,iVBORw0KGgo="');
    for (const part of [plain.subject, plain.html, plain.text]) expect(part).not.toContain('Aceite');
  });
});
