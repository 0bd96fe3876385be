import { privacyNotice } from '@aceite/shared/privacy-notice';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';

export const TOKEN = 'tok_0123456789abcdef0123';

export function makeProposal(overrides: Partial<PublicProposal> = {}): PublicProposal {
  return {
    organization: { name: 'Atlântico Digital', primaryColor: '#007bff', logo: null, taxId: '501964843' },
    whiteLabel: false,
    number: 'ORC 2026/0042',
    title: 'Website institucional',
    description: 'Proposta para o novo website.\nInclui alojamento no primeiro ano.',
    status: 'sent',
    inReview: false,
    viewCount: 2,
    currency: 'EUR',
    content: {
      blocks: [{ title: 'Âmbito', content: 'Linha um\nLinha dois <b>não é HTML</b>' }],
      items: [
        {
          name: 'Design',
          description: 'Maquetas e protótipo',
          quantity: 2,
          unit: '',
          unitPrice: 150000,
          discount: 0,
          tax: null,
          exemption: null,
        },
        {
          name: 'Desenvolvimento',
          description: '',
          quantity: 1,
          unit: '',
          unitPrice: 420000,
          discount: 0,
          tax: null,
          exemption: null,
        },
      ],
    },
    subtotal: 720000,
    discountType: 'percentage',
    discountValue: 10,
    discountAmount: 72000,
    taxRate: 23,
    taxAmount: 149040,
    taxBreakdown: [{ rate: 23, base: 648000, tax: 149040 }],
    totalValue: 797040,
    validUntil: '2099-12-31',
    client: { name: 'Marta Sousa', company: 'Sousa & Filhos, Lda.', taxId: '123456789' },
    owner: { firstName: 'Rui', lastName: 'Vendas', email: 'vendas@aceite.demo' },
    isActionable: true,
    clientChoice: null,
    sepa: null,
    signedAt: null,
    signedByName: null,
    signedByEmail: null,
    signatureData: null,
    acceptedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    rejectionReasonCode: null,
    messages: [],
    version: 1,
    recipient: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    answerCode: { required: false },
    mandate: null,
    privacyNotice: privacyNotice({
      organizationName: 'Atlântico Digital',
      contactName: 'Rui Vendas',
      contactEmail: 'vendas@aceite.demo',
      privacyContact: 'https://atlantico.pt/privacidade',
    }),
    ...overrides,
  };
}

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

/**
 * Fakes the public page's API with one handler for every call (through the web tests' one `mockApi`);
 * returns the fetch mock to inspect the calls.
 */
export function stubFetch(handler: Handler) {
  const { fetchMock } = mockApi(
    {},
    {
      otherwise: ({ url, init }) => {
        const { status, body } = handler(url.pathname + url.search, init);
        return jsonResponse(status, body);
      },
    },
  );
  return fetchMock;
}

export const ok = (data: unknown) => ({ status: 200, body: { data } });
export const fail = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message, requestId: 'req-1' } },
});
