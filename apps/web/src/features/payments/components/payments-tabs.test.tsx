import { calendarDay, formatCalendarDate, formatCalendarDateLong } from '@aceite/shared/dates';
import type { Collection, Mandate } from '@aceite/shared/schemas/sepa-collections';
import { sepaOverdueNeedsNoticeMessage } from '@aceite/shared/sepa/messages';
import { earliestCollectionDate } from '@aceite/shared/sepa/schedule-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { EXPORT_NOT_DOWNLOADED } from '../api/payments';
import { CollectionsTab } from './collections-tab';
import { ExportsTab } from './exports-tab';
import { MandatesTab } from './mandates-tab';

const MASKED = 'PT50 •••• •••• •••• •••• 0154';

function collection(values: Partial<Collection>): Collection {
  return {
    id: 'c1',
    mandateId: 'm1',
    mandateReference: 'MND-1',
    mandateStatus: 'active',
    proposalId: 'p1',
    proposalNumber: 'PROP-2026-0001',
    proposalTitle: 'Avença',
    debtorName: 'Maria Devedora',
    debtorIbanMasked: MASKED,
    sequence: 1,
    sequenceType: 'FRST',
    collectionDate: '2026-12-05',
    amountCents: 40000,
    endToEndId: 'MND-1-1',
    status: 'due',
    overdue: false,
    exportId: null,
    submittedAt: null,
    paidAt: null,
    returnedAt: null,
    returnReason: null,
    preNotifiedAt: null,
    debtorEmailMissing: false,
    ...values,
  };
}

const MANDATE: Mandate = {
  id: 'm1',
  proposalId: 'p1',
  proposalNumber: 'PROP-2026-0001',
  proposalTitle: 'Avença',
  reference: 'MND-1',
  debtorName: 'Maria Devedora',
  debtorIbanMasked: MASKED,
  debtorBic: null,
  signedAt: '2026-11-20T10:00:00.000Z',
  status: 'active',
  revokedAt: null,
  collections: { total: 3, due: 3, submitted: 0, paid: 0, returned: 0 },
};

const listed = <T,>(data: T[], pagination?: { page: number; total: number; totalPages: number }) =>
  jsonResponse(200, {
    data,
    pagination: { limit: 100, ...(pagination ?? { page: 1, total: data.length, totalPages: 1 }) },
  });

/** Types a day-first date into a `DateField` (its picker loads lazily behind a disabled stand-in). */
async function typeDate(name: string, isoDate: string, shows = isoDate) {
  await waitFor(() => expect(screen.getByRole('textbox', { name })).toBeEnabled());
  const field = screen.getByRole('textbox', { name });
  fireEvent.change(field, { target: { value: formatCalendarDate(isoDate) } });
  fireEvent.blur(field);
  await waitFor(() => expect(screen.getByRole('textbox', { name })).toHaveValue(formatCalendarDate(shows)));
}

const EXPORT = {
  id: 'e1',
  messageId: 'ACEITE-20261129100000-AB12CD34',
  version: '001.02' as const,
  collectionDate: '2026-12-05',
  numberOfTransactions: 3,
  controlSumCents: 123450,
  createdAt: '2026-11-29T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('Pagamentos → Cobranças (docs/product.md#mandates-collections-and-the-file)', () => {
  it('groups the collections by date, with their type, amount, badges and the actions of a manager', async () => {
    mockApi({
      'GET /payments/collections': () =>
        listed([
          collection({ id: 'c0', status: 'due', overdue: true, collectionDate: '2026-11-05', sequence: 1 }),
          collection({ id: 'c1', status: 'submitted', sequenceType: 'RCUR', collectionDate: '2026-12-05' }),
          collection({ id: 'c2', status: 'due', sequenceType: 'FNAL', collectionDate: '2027-01-05' }),
        ]),
    });
    renderWithOverlays(<CollectionsTab canManage />);
    const overdue = await screen.findByRole('region', { name: '5 de novembro de 2026' });
    expect(within(overdue).getByText('Em atraso')).toBeInTheDocument();
    // An overdue date is not exported on its own date (past): it is re-dated (docs/decisions.md).
    expect(within(overdue).queryByRole('button', { name: 'Exportar ficheiro SEPA' })).toBeNull();
    expect(within(overdue).getByRole('button', { name: 'Exportar com nova data' })).toBeInTheDocument();
    const submitted = screen.getByRole('region', { name: '5 de dezembro de 2026' });
    expect(within(submitted).getByText('Submetida')).toBeInTheDocument();
    expect(within(submitted).getByText(/Recorrente/)).toBeInTheDocument();
    expect(within(submitted).getByRole('button', { name: 'Marcar como paga' })).toBeInTheDocument();
    const last = screen.getByRole('region', { name: '5 de janeiro de 2027' });
    expect(within(last).getByText(/Última/)).toBeInTheDocument();
    expect(within(last).getByText('Por cobrar')).toBeInTheDocument();
    expect(within(last).getByText(/400,00/)).toBeInTheDocument();
    expect(within(last).getByRole('button', { name: 'Exportar ficheiro SEPA' })).toBeInTheDocument();
    expect(within(last).queryByRole('button', { name: 'Exportar com nova data' })).toBeNull();
  });

  it('says a collection without the debtor email waits for its pre-notification, and does not offer to file it', async () => {
    mockApi({
      'GET /payments/collections': () =>
        listed([
          collection({ id: 'c1', debtorEmailMissing: true, collectionDate: '2027-01-05' }),
          collection({
            id: 'c2',
            debtorEmailMissing: true,
            collectionDate: '2027-02-05',
            debtorName: 'Rui Sem Email',
          }),
          collection({ id: 'c3', collectionDate: '2027-02-05', debtorName: 'Ana Com Email' }),
        ]),
    });
    renderWithOverlays(<CollectionsTab canManage />);
    const alone = await screen.findByRole('region', { name: '5 de janeiro de 2027' });
    expect(within(alone).getByText('Pré-aviso por enviar')).toBeInTheDocument();
    expect(within(alone).getByText(/O mandato não tem o email do devedor/)).toBeInTheDocument();
    // The server would leave it out of the file: a date holding only such collections has nothing to export.
    expect(within(alone).queryByRole('button', { name: 'Exportar ficheiro SEPA' })).toBeNull();
    const mixed = screen.getByRole('region', { name: '5 de fevereiro de 2027' });
    expect(within(mixed).getAllByText('Pré-aviso por enviar')).toHaveLength(1);
    expect(within(mixed).getByRole('button', { name: 'Exportar ficheiro SEPA' })).toBeInTheDocument();
  });

  it('shows no actions to a reader, and the empty and plan states', async () => {
    mockApi({ 'GET /payments/collections': () => listed([collection({ status: 'submitted' })]) });
    const { unmount } = renderWithOverlays(<CollectionsTab canManage={false} />);
    expect(await screen.findByText('Submetida')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como paga' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    mockApi({ 'GET /payments/collections': () => listed([]) });
    const empty = renderWithOverlays(<CollectionsTab canManage />);
    expect(await screen.findByText('Ainda não há cobranças.')).toBeInTheDocument();
    empty.unmount();
    vi.unstubAllGlobals();

    const refusal = 'O seu plano não inclui pagamentos por Débito Direto SEPA.';
    mockApi({
      'GET /payments/collections': () =>
        jsonResponse(403, { error: { code: 'PLAN_LIMIT', message: refusal } }),
    });
    renderWithOverlays(<CollectionsTab canManage />);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('exports the date in the chosen version and downloads the file; a failed download says the export was made', async () => {
    const sent: unknown[] = [];
    const makeUrl = vi.fn(() => 'blob:sepa');
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: makeUrl, revokeObjectURL: vi.fn() });
    let fileStatus = 200;
    mockApi({
      'GET /payments/collections': () => listed([collection({ status: 'due' })]),
      'POST /payments/exports': ({ body }) => {
        sent.push(body);
        return jsonResponse(201, {
          data: {
            id: 'e1',
            messageId: 'ACEITE-1',
            version: '001.08',
            collectionDate: '2026-12-05',
            numberOfTransactions: 1,
            controlSumCents: 40000,
            createdAt: '2026-11-29T10:00:00.000Z',
            collections: [],
          },
        });
      },
      'GET /payments/exports/e1/file': () =>
        fileStatus === 200
          ? new Response('<Document/>', { status: 200, headers: { 'Content-Type': 'application/xml' } })
          : jsonResponse(500, { error: { code: 'INTERNAL', message: 'Erro' } }),
    });
    try {
      renderWithOverlays(<CollectionsTab canManage />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Exportar ficheiro SEPA' }));
      const dialog = await screen.findByRole('dialog', { name: 'Exportar ficheiro SEPA' });
      expect(within(dialog).getByRole('radio', { name: /pain\.008\.001\.02/ })).toBeChecked();
      await user.click(within(dialog).getByRole('radio', { name: /pain\.008\.001\.08/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      expect(await screen.findByText('Ficheiro SEPA exportado: 1 cobrança(s).')).toBeInTheDocument();
      expect(sent).toEqual([{ collectionDate: '2026-12-05', version: '001.08' }]);
      expect(makeUrl).toHaveBeenCalledTimes(1);

      fileStatus = 500;
      await user.click(await screen.findByRole('button', { name: 'Exportar ficheiro SEPA' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Exportar ficheiro SEPA' })).getByRole('button', {
          name: 'Exportar',
        }),
      );
      expect(await screen.findByText(EXPORT_NOT_DOWNLOADED)).toBeInTheDocument();
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('exports the overdue collections with a new date, the earliest a pre-notification allows by default', async () => {
    const sent: unknown[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sepa'), revokeObjectURL: vi.fn() });
    // The same day the dialog computes: today in Lisbon plus the notice period.
    const earliest = earliestCollectionDate(calendarDay(new Date(), 'Europe/Lisbon'));
    // A later day the user picks instead (the notice period after the earliest).
    const later = earliestCollectionDate(earliest);
    mockApi({
      'GET /payments/collections': () =>
        listed(
          sent.length === 0
            ? [collection({ status: 'due', overdue: true, collectionDate: '2026-11-05' })]
            : [collection({ status: 'submitted', collectionDate: later, exportId: 'e2' })],
        ),
      'POST /payments/exports': ({ body }) => {
        sent.push(body);
        return jsonResponse(201, {
          data: {
            id: 'e2',
            messageId: 'ACEITE-2',
            version: '001.02',
            collectionDate: later,
            numberOfTransactions: 1,
            controlSumCents: 40000,
            createdAt: '2026-11-29T10:00:00.000Z',
            collections: [],
          },
        });
      },
      'GET /payments/exports/e2/file': () =>
        new Response('<Document/>', { status: 200, headers: { 'Content-Type': 'application/xml' } }),
    });
    try {
      renderWithOverlays(<CollectionsTab canManage />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Exportar com nova data' }));
      const dialog = await screen.findByRole('dialog', { name: 'Exportar com nova data' });
      expect(within(dialog).getByText(/novo pré-aviso/)).toBeInTheDocument();
      // The picker loads lazily; a disabled stand-in with the same label shows until then.
      await waitFor(() => expect(within(dialog).getByLabelText(/Data de cobrança/)).toBeEnabled());
      const field = within(dialog).getByLabelText(/Data de cobrança/);
      expect(field).toHaveValue(formatCalendarDate(earliest));
      expect(within(dialog).getByRole('radio', { name: /pain\.008\.001\.02/ })).toBeChecked();
      fireEvent.change(field, { target: { value: formatCalendarDate(later) } });
      fireEvent.blur(field);
      await waitFor(() =>
        expect(within(dialog).getByLabelText(/Data de cobrança/)).toHaveValue(formatCalendarDate(later)),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      expect(await screen.findByText('Ficheiro SEPA exportado: 1 cobrança(s).')).toBeInTheDocument();
      expect(sent).toEqual([{ collectionDate: later, version: '001.02' }]);
      // Afterwards the collection shows under its new date, submitted.
      const moved = await screen.findByRole('region', { name: formatCalendarDateLong(later) });
      expect(within(moved).getByText('Submetida')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Exportar com nova data' })).toBeNull();
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('keeps a date typed before the earliest out, and shows the server refusal when the day has turned', async () => {
    const today = calendarDay(new Date(), 'Europe/Lisbon');
    const earliest = earliestCollectionDate(today);
    const refusal = sepaOverdueNeedsNoticeMessage(earliest);
    const sent: unknown[] = [];
    mockApi({
      'GET /payments/collections': () =>
        listed([collection({ status: 'due', overdue: true, collectionDate: '2026-11-05' })]),
      'POST /payments/exports': ({ body }) => {
        sent.push(body);
        return jsonResponse(422, { error: { code: 'UNPROCESSABLE', message: refusal } });
      },
    });
    renderWithOverlays(<CollectionsTab canManage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Exportar com nova data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar com nova data' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Data de cobrança/)).toBeEnabled());
    const field = within(dialog).getByLabelText(/Data de cobrança/);
    fireEvent.change(field, { target: { value: formatCalendarDate(today) } });
    fireEvent.blur(field);
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ collectionDate: earliest, version: '001.02' });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('says how many match, sends the status and the date range, and pages through them', async () => {
    const api = mockApi({
      'GET /payments/collections': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? listed([collection({ id: 'c9', collectionDate: '2027-03-05', sequenceType: 'FNAL' })], {
              page: 2,
              total: 101,
              totalPages: 2,
            })
          : listed([collection({ id: 'c1' })], { page: 1, total: 101, totalPages: 2 }),
    });
    renderWithOverlays(<CollectionsTab canManage />);
    expect(await screen.findByText('101 cobranças')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '5 de dezembro de 2026' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByRole('region', { name: '5 de março de 2027' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '5 de dezembro de 2026' })).toBeNull();
    expect(api.queriesOf('GET /payments/collections').at(-1)?.get('page')).toBe('2');

    // A filter starts again at the first page, and sends the range as from/to.
    await typeDate('De', '2026-12-01');
    await typeDate('Até', '2026-12-31');
    await waitFor(() => {
      const last = api.queriesOf('GET /payments/collections').at(-1);
      expect(last?.get('from')).toBe('2026-12-01');
      expect(last?.get('to')).toBe('2026-12-31');
      expect(last?.get('page')).toBe('1');
    });
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Submetida', hidden: true }));
    await waitFor(() =>
      expect(api.queriesOf('GET /payments/collections').at(-1)?.get('status')).toBe('submitted'),
    );
    expect(api.queriesOf('GET /payments/collections').at(-1)?.get('from')).toBe('2026-12-01');

    // An end before the start is not taken: the range is never reversed.
    await typeDate('Até', '2026-11-15', '2026-12-31');
    expect(api.queriesOf('GET /payments/collections').at(-1)?.get('to')).toBe('2026-12-31');
  });

  it('reads the filters and the page from the address, ignoring what is not one, and writes them back', async () => {
    const api = mockApi({
      'GET /payments/collections': () => listed([collection({})], { page: 2, total: 101, totalPages: 2 }),
    });
    const { router } = renderWithOverlays(<CollectionsTab canManage />, {
      route: '/payments?status=submitted&from=2026-12-01&to=31-12-2026&page=2',
    });
    expect(await screen.findByText('101 cobranças')).toBeInTheDocument();
    const asked = api.queriesOf('GET /payments/collections')[0];
    expect(asked?.get('status')).toBe('submitted');
    expect(asked?.get('from')).toBe('2026-12-01');
    expect(asked?.get('to')).toBeNull();
    expect(asked?.get('page')).toBe('2');
    await typeDate('Até', '2026-12-31');
    // A new filter goes back to the first page.
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=submitted&from=2026-12-01&to=2026-12-31'),
    );
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const api = mockApi({
      'GET /payments/collections': ({ url }) =>
        listed(url.searchParams.get('from') ? [] : [collection({ id: 'c1' })]),
    });
    renderWithOverlays(<CollectionsTab canManage />);
    expect(await screen.findByText('1 cobrança')).toBeInTheDocument();
    await typeDate('De', '2030-01-01');
    expect(await screen.findByText('Nenhuma cobrança corresponde aos filtros.')).toBeInTheDocument();
    expect(screen.getByText('0 cobranças')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByText('1 cobrança')).toBeInTheDocument();
    expect(api.queriesOf('GET /payments/collections').at(-1)?.get('from')).toBeNull();
  });

  it('asks the reason of a return and sends it', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /payments/collections': () => listed([collection({ status: 'submitted' })]),
      'POST /payments/collections/c1/returned': ({ body }) => {
        sent.push(body);
        return jsonResponse(200, { data: collection({ status: 'returned', returnReason: 'AM04' }) });
      },
    });
    renderWithOverlays(<CollectionsTab canManage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar como devolvida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como devolvida' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como devolvida' }));
    expect(await within(dialog).findByText('Escolha o motivo da devolução.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Motivo da devolução' }));
    await user.click(await screen.findByRole('option', { name: 'AM04 — Saldo insuficiente', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como devolvida' }));
    await vi.waitFor(() => expect(sent).toEqual([{ reason: 'AM04' }]));
  });
});

describe('Pagamentos → Mandatos', () => {
  it('lists the active mandates with the IBAN masked and revokes one after confirmation', async () => {
    const revoked: string[] = [];
    mockApi({
      'GET /payments/mandates': ({ url }) =>
        listed(url.searchParams.get('status') === 'active' ? [MANDATE] : []),
      'POST /payments/mandates/m1/revoke': () => {
        revoked.push('m1');
        return jsonResponse(200, { data: { ...MANDATE, status: 'revoked' } });
      },
    });
    renderWithOverlays(<MandatesTab canManage />);
    expect(await screen.findByText(MASKED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PROP-2026-0001' })).toHaveAttribute('href', '/proposals/p1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revogar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar mandato' });
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    await vi.waitFor(() => expect(revoked).toEqual(['m1']));
  });
});

describe('Pagamentos → Mandatos paging', () => {
  it('asks the next page and starts again at the first when the filter changes', async () => {
    const api = mockApi({
      'GET /payments/mandates': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? listed([{ ...MANDATE, id: 'm2', reference: 'MND-2', debtorName: 'João Segundo' }], {
              page: 2,
              total: 51,
              totalPages: 2,
            })
          : listed([MANDATE], { page: 1, total: 51, totalPages: 2 }),
    });
    renderWithOverlays(<MandatesTab canManage={false} />);
    expect(await screen.findByText('Maria Devedora')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('João Segundo')).toBeInTheDocument();
    expect(api.queriesOf('GET /payments/mandates').at(-1)?.get('page')).toBe('2');
    await user.click(screen.getByText('Todos'));
    await waitFor(() => {
      const last = api.queriesOf('GET /payments/mandates').at(-1);
      expect(last?.get('page')).toBe('1');
      expect(last?.get('status')).toBeNull();
    });
  });
});

describe('Pagamentos → Ficheiros', () => {
  it("lists the files exported, newest first, and downloads one again under the server's name", async () => {
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sepa'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    let fileStatus = 200;
    const api = mockApi({
      'GET /payments/exports': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? listed([{ ...EXPORT, id: 'e0', messageId: 'ACEITE-OLD' }], { page: 2, total: 21, totalPages: 2 })
          : listed([EXPORT], { page: 1, total: 21, totalPages: 2 }),
      'GET /payments/exports/e1/file': () =>
        fileStatus === 200
          ? new Response('<Document/>', { status: 200, headers: { 'Content-Type': 'application/xml' } })
          : jsonResponse(500, { error: { code: 'INTERNAL', message: 'Erro' } }),
    });
    try {
      renderWithOverlays(<ExportsTab />);
      const table = await screen.findByRole('region', { name: 'Tabela dos ficheiros SEPA' });
      const row = within(table).getByText(EXPORT.messageId).closest('tr');
      expect(row).not.toBeNull();
      const cells = within(row as HTMLElement);
      expect(cells.getByText('05/12/2026')).toBeInTheDocument();
      expect(cells.getByText('pain.008.001.02')).toBeInTheDocument();
      expect(cells.getByText('3')).toBeInTheDocument();
      expect(cells.getByText(/1234,50\s€|1\s?234,50\s€/)).toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(cells.getByRole('button', { name: `Descarregar ${EXPORT.messageId}` }));
      await waitFor(() => expect(saved).toEqual([`sepa-2026-12-05-${EXPORT.messageId}.xml`]));

      fileStatus = 500;
      await user.click(cells.getByRole('button', { name: `Descarregar ${EXPORT.messageId}` }));
      expect(await screen.findByText('Erro')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Página 2' }));
      expect(await screen.findByText('ACEITE-OLD')).toBeInTheDocument();
      expect(api.queriesOf('GET /payments/exports').at(-1)?.get('page')).toBe('2');
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('shows a new export at once: the export refreshes the list of files', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sepa'), revokeObjectURL: vi.fn() });
    let exported = false;
    mockApi({
      'GET /payments/collections': () => listed([collection({ status: exported ? 'submitted' : 'due' })]),
      'GET /payments/exports': () => listed(exported ? [EXPORT] : []),
      'POST /payments/exports': () => {
        exported = true;
        return jsonResponse(201, { data: { ...EXPORT, numberOfTransactions: 1, collections: [] } });
      },
      'GET /payments/exports/e1/file': () =>
        new Response('<Document/>', { status: 200, headers: { 'Content-Type': 'application/xml' } }),
    });
    try {
      renderWithOverlays(
        <>
          <CollectionsTab canManage />
          <ExportsTab />
        </>,
      );
      expect(await screen.findByText('Ainda não exportou nenhum ficheiro SEPA.')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Exportar ficheiro SEPA' }));
      const dialog = await screen.findByRole('dialog', { name: 'Exportar ficheiro SEPA' });
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      expect(await screen.findByText(EXPORT.messageId)).toBeInTheDocument();
      expect(screen.queryByText('Ainda não exportou nenhum ficheiro SEPA.')).toBeNull();
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('says when no file was exported yet, and retries a failed load', async () => {
    let fail = true;
    mockApi({
      'GET /payments/exports': () =>
        fail ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Falhou.' } }) : listed([]),
    });
    renderWithOverlays(<ExportsTab />);
    expect(await screen.findByText('Erro ao carregar os ficheiros')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ainda não exportou nenhum ficheiro SEPA.')).toBeInTheDocument();
  });
});
