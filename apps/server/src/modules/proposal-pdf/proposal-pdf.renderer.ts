import { pricedLines } from '@aceite/shared/agreed';
import { type ClientChoice, itemChoiceNote } from '@aceite/shared/client-choice';
import { formatCalendarDate, formatCalendarDateLong, formatInstantDateLong } from '@aceite/shared/dates';
import { formatPercent } from '@aceite/shared/format-percent';
import { formatDecimalPt, formatMoney, formatUnitPrice } from '@aceite/shared/money';
import type { ProposalContent } from '@aceite/shared/schemas/proposals';
import {
  SEPA_SEQUENCE_LABELS,
  type ShownSepa,
  sepaPatternLabel,
  sepaSchedule,
  termsOnAcceptance,
} from '@aceite/shared/sepa/schedule';
import { type DiscountType, lineTerms, lineTotal, showsTaxBreakdown, taxLabel } from '@aceite/shared/totals';
import { exemptionMention } from '@aceite/shared/vat-exemptions';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { embedPdfFonts, PDF_PAGE, type PdfAppendix, textWidth } from '@/lib/pdf-document.ts';

/**
 * Everything the PDF shows: the content of the public page (docs/product.md#proposal-pdf), nothing from the
 * database. The renderer is pure, so the bench, the tests and the sealing step render the same document.
 */
export interface ProposalPdfData {
  /** The organization's NIF shows under its name when it set one (docs/product.md#tax-ids). */
  organization: { name: string; primaryColor: string; logo: string | null; taxId?: string | null };
  /** 'ORC 2026/0042' (docs/product.md#proposal-numbers); absent only in samples made before numbers. */
  number?: string;
  /**
   * The organization's white-label (docs/product.md#white-label): the file's Creator and Producer name the
   * organization, not Aceite (the pages themselves never name the platform).
   */
  whiteLabel?: boolean;
  title: string;
  description: string | null;
  client: { name: string; company: string | null; taxId?: string | null } | null;
  owner: { name: string; email: string };
  /** The stored content with its defaults filled (`completeContent`). */
  content: ProposalContent;
  discountType: DiscountType;
  discountValue: number;
  taxRate: number;
  validUntil: string | null;
  /** ISO instant the proposal was issued. */
  createdAt: string;
  /** Past its validity: the PDF says so under the title, as the public page does. */
  expired?: boolean;
  /**
   * What the client chose when accepting (docs/product.md#client-choice): the PDF then lists the chosen lines
   * at their chosen quantities and totals them; absent or null, the default choice.
   */
  choice?: ClientChoice | null;
  /**
   * "Pagamento por Débito Direto SEPA" (docs/product.md#the-schedule-in-the-proposal): the terms and the creditor;
   * the collections are computed here from the total the PDF shows, dated as on `asOf` (the acceptance's day,
   * or today before one: `termsOnAcceptance`). Absent or null when off.
   */
  sepa?: (ShownSepa & { asOf: string }) | null;
}

const PAGE = PDF_PAGE;
const MARGIN = PDF_PAGE.margin;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const TIME_ZONE = 'Europe/Lisbon';

const INK = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.38, 0.41, 0.45);
const RULE = rgb(0.85, 0.87, 0.9);
const HEADER_FILL = rgb(0.95, 0.96, 0.97);

function colorOf(hex: string) {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const value = match?.[1] ? Number.parseInt(match[1], 16) : 0x007bff;
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/**
 * User text is printed as text: tabs become spaces and other control characters go, so nothing a user typed
 * is ever interpreted (no HTML, no markup), and the font never meets a character it cannot encode.
 */
function clean(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .replaceAll('\t', '    ')
    .replace(/(?!\n)\p{Cc}/gu, '');
}

/** Splits text into lines no wider than `width`, on spaces, breaking a word only when it alone is too wide. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of clean(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(font, candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (textWidth(font, rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(font, rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

async function embedLogo(doc: PDFDocument, logo: string | null): Promise<PDFImage | null> {
  // PNG and JPEG are embedded; a WebP logo is left out (PDF has no WebP) and the name stands alone.
  const match = logo ? /^data:image\/(png|jpeg);base64,(.+)$/.exec(logo) : null;
  if (!match?.[2]) return null;
  try {
    const bytes = Buffer.from(match[2], 'base64');
    return match[1] === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return null;
  }
}

/** A cursor that writes top-down and opens a new page when the next thing does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly onNewPage: (w: Writer) => void = () => {},
  ) {
    this.addPage();
  }

  addPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
    this.onNewPage(this);
  }

  ensure(height: number) {
    if (this.y - height < PAGE.contentBottom) this.addPage();
  }

  text(s: string, x: number, opts: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {}) {
    this.page.drawText(s, {
      x,
      y: this.y,
      size: opts.size ?? 10,
      font: opts.font ?? this.regular,
      color: opts.color ?? INK,
    });
  }

  rightText(
    s: string,
    right: number,
    opts: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) {
    const font = opts.font ?? this.regular;
    this.text(s, right - textWidth(font, s, opts.size ?? 10), opts);
  }

  /** A wrapped paragraph, split across pages line by line. */
  paragraph(
    s: string,
    opts: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; x?: number; width?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const leading = size * 1.45;
    for (const line of wrapText(s, opts.font ?? this.regular, size, opts.width ?? CONTENT_WIDTH)) {
      this.ensure(leading);
      this.y -= leading;
      this.text(line, opts.x ?? MARGIN, opts);
    }
  }

  gap(points: number) {
    this.y -= points;
  }
}

/** The SEPA section after the totals: the creditor, then one row per collection (date, type, amount). */
function drawSepaSchedule(w: Writer, sepa: ShownSepa & { asOf: string }, totalCents: number) {
  const schedule = sepaSchedule(totalCents, termsOnAcceptance(sepa, sepa.asOf));
  w.gap(18);
  w.ensure(60);
  w.paragraph('Pagamento por Débito Direto SEPA', { size: 13, font: w.bold });
  w.gap(2);
  w.paragraph(
    `${sepaPatternLabel(sepa)}. Credor: ${clean(sepa.creditorName)}, identificador de credor ${clean(sepa.creditorIdentifier)}.`,
    { size: 9.5, color: MUTED },
  );
  if (schedule.length === 0) return;
  w.gap(6);
  const drawHeader = () => {
    w.page.drawRectangle({ x: MARGIN, y: w.y - 20, width: CONTENT_WIDTH, height: 20, color: HEADER_FILL });
    w.y -= 14;
    const opts = { size: 8.5, font: w.bold, color: MUTED };
    w.text('DATA', COL.item.x, opts);
    w.text('TIPO', MARGIN + 160, opts);
    w.rightText('VALOR', COL.total.right, opts);
    w.y -= 6;
  };
  drawHeader();
  for (const instalment of schedule) {
    if (w.y - 18 < PAGE.contentBottom) {
      w.addPage();
      drawHeader();
    }
    w.y -= 14;
    w.text(formatCalendarDate(instalment.collectionDate), COL.item.x);
    w.text(SEPA_SEQUENCE_LABELS[instalment.sequenceType], MARGIN + 160);
    w.rightText(formatMoney(instalment.amountCents), COL.total.right, { font: w.bold });
    w.y -= 4;
    w.page.drawLine({
      start: { x: MARGIN, y: w.y },
      end: { x: PAGE.width - MARGIN, y: w.y },
      thickness: 0.5,
      color: RULE,
    });
  }
}

// Columns of the items table: the item (name, description, terms) and three right-aligned figures.
const COL = {
  item: { x: MARGIN + 6, width: 235 },
  qty: { right: MARGIN + 320 },
  price: { right: MARGIN + 420 },
  total: { right: MARGIN + CONTENT_WIDTH - 6 },
};

/**
 * The proposal as an A4 PDF (docs/product.md#proposal-pdf): organization, title, client, blocks, items with
 * their terms, totals from the shared computation, validity, and "Página X de N" on every page, the pages of
 * an `appendix` (the sealed PDF's certificate) included.
 */
export async function renderProposalPdf(data: ProposalPdfData, appendix?: PdfAppendix): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedPdfFonts(doc);
  const { regular, bold } = fonts;
  const brand = colorOf(data.organization.primaryColor);
  const logo = await embedLogo(doc, data.organization.logo);
  const title = clean(data.title) || 'Proposta';
  doc.setTitle(title);
  doc.setAuthor(data.organization.name);
  const maker = data.whiteLabel ? clean(data.organization.name) || title : 'Aceite';
  doc.setCreator(maker);
  doc.setProducer(maker);
  doc.setLanguage('pt-PT');

  const w = new Writer(doc, regular, bold, (writer) => {
    // A band in the organization's colour tops every page.
    writer.page.drawRectangle({ x: 0, y: PAGE.height - 8, width: PAGE.width, height: 8, color: brand });
  });

  // Header: logo and organization name.
  w.gap(10);
  let nameX = MARGIN;
  if (logo) {
    const scale = Math.min(36 / logo.height, 120 / logo.width);
    const lw = logo.width * scale;
    const lh = logo.height * scale;
    w.page.drawImage(logo, { x: MARGIN, y: w.y - lh, width: lw, height: lh });
    nameX = MARGIN + lw + 12;
  }
  w.y -= 24;
  w.text(clean(data.organization.name), nameX, { size: 14, font: bold, color: brand });
  w.gap(logo ? 22 : 18);
  w.page.drawLine({
    start: { x: MARGIN, y: w.y },
    end: { x: PAGE.width - MARGIN, y: w.y },
    thickness: 0.8,
    color: RULE,
  });
  w.gap(10);

  w.paragraph(title, { size: 20, font: bold });
  if (data.description?.trim()) {
    w.gap(4);
    w.paragraph(data.description, { size: 10.5, color: MUTED });
  }

  if (data.expired) {
    w.gap(6);
    w.paragraph('Esta proposta expirou e já não pode ser aceite.', {
      size: 10.5,
      font: bold,
      color: rgb(0.7, 0.1, 0.1),
    });
  }

  // The same facts as the public page's header.
  w.gap(14);
  const meta: [string, string, string | null][] = [];
  if (data.number) meta.push(['Proposta n.º', data.number, null]);
  if (data.client) {
    const taxId = data.client.taxId ? `NIF ${data.client.taxId}` : null;
    const secondary = [data.client.company, taxId].filter(Boolean).join(' · ') || null;
    meta.push(['Preparada para', data.client.name, secondary]);
  }
  if (data.organization.taxId)
    meta.push(['Emitida por', data.organization.name, `NIF ${data.organization.taxId}`]);
  meta.push(['Responsável', data.owner.name, data.owner.email]);
  meta.push(['Emitida em', formatInstantDateLong(data.createdAt, TIME_ZONE), null]);
  meta.push([
    'Válida até',
    data.validUntil ? formatCalendarDateLong(data.validUntil) : 'Sem data limite',
    null,
  ]);
  const colWidth = CONTENT_WIDTH / 2;
  for (let i = 0; i < meta.length; i += 2) {
    w.ensure(46);
    const top = w.y;
    let lowest = top;
    for (const [j, entry] of meta.slice(i, i + 2).entries()) {
      const [label, value, secondary] = entry;
      const x = MARGIN + j * colWidth;
      w.y = top;
      w.paragraph(label.toUpperCase(), { size: 8, font: bold, color: MUTED, x, width: colWidth - 10 });
      w.paragraph(clean(value), { size: 10.5, x, width: colWidth - 10 });
      if (secondary) w.paragraph(clean(secondary), { size: 9, color: MUTED, x, width: colWidth - 10 });
      lowest = Math.min(lowest, w.y);
    }
    w.y = lowest - 8;
  }

  for (const block of data.content.blocks) {
    if (!block.title.trim() && !block.content.trim()) continue;
    w.gap(12);
    if (block.title.trim()) {
      w.ensure(40);
      w.paragraph(block.title, { size: 13, font: bold });
      w.gap(2);
    }
    if (block.content.trim()) w.paragraph(block.content, { size: 10 });
  }

  // Items and totals.
  w.gap(18);
  w.ensure(60);
  // The client's configuration once chosen, else the offer (the same projection as the public page,
  // docs/product.md#signed-figures).
  const { chosen, lines, priced, leftOut, totals } = pricedLines({ ...data, items: data.content.items });
  w.paragraph(chosen ? 'Configuração escolhida pelo cliente' : 'Itens e valores', { size: 13, font: bold });
  w.gap(6);
  const drawHeader = () => {
    w.page.drawRectangle({ x: MARGIN, y: w.y - 20, width: CONTENT_WIDTH, height: 20, color: HEADER_FILL });
    w.y -= 14;
    const opts = { size: 8.5, font: bold, color: MUTED };
    w.text('ITEM', COL.item.x, opts);
    w.rightText('QTD.', COL.qty.right, opts);
    w.rightText('PREÇO UNITÁRIO', COL.price.right, opts);
    w.rightText('TOTAL', COL.total.right, opts);
    w.y -= 6;
  };
  if (lines.length > 0) drawHeader();
  for (const item of lines) {
    const note = chosen ? null : itemChoiceNote(item);
    const nameLines = wrapText(item.name || 'Item sem nome', bold, 10, COL.item.width);
    const detailLines = [
      ...(item.description ? wrapText(item.description, regular, 8.5, COL.item.width) : []),
      ...(lineTerms(item, data.taxRate).length > 0
        ? wrapText(lineTerms(item, data.taxRate).join(' · '), regular, 8.5, COL.item.width)
        : []),
      ...(note ? wrapText(note, regular, 8.5, COL.item.width) : []),
    ];
    const height = nameLines.length * 14 + detailLines.length * 12 + 10;
    if (w.y - height < PAGE.contentBottom) {
      w.addPage();
      drawHeader();
    }
    const top = w.y;
    w.y -= 14;
    w.rightText(formatDecimalPt(item.quantity), COL.qty.right);
    w.rightText(formatUnitPrice(item.unitPrice, clean(item.unit)), COL.price.right);
    w.rightText(formatMoney(lineTotal(item)), COL.total.right, { font: bold });
    for (const [i, line] of nameLines.entries()) {
      if (i > 0) w.y -= 14;
      w.text(line, COL.item.x, { font: bold });
    }
    for (const line of detailLines) {
      w.y -= 12;
      w.text(line, COL.item.x, { size: 8.5, color: MUTED });
    }
    w.y = top - height;
    w.page.drawLine({
      start: { x: MARGIN, y: w.y + 2 },
      end: { x: PAGE.width - MARGIN, y: w.y + 2 },
      thickness: 0.5,
      color: RULE,
    });
  }

  // Totals from the one shared computation (docs/product.md#totals), never re-added here.
  if (leftOut.length > 0) {
    w.gap(8);
    w.paragraph(`Não escolhidos: ${leftOut.map((item) => item.name || 'Item sem nome').join(', ')}`, {
      size: 9,
      color: MUTED,
    });
  }
  const rows: [string, string, boolean][] = [['Subtotal', formatMoney(totals.subtotal), false]];
  if (totals.discountAmount > 0) {
    const label =
      data.discountType === 'percentage' ? `Desconto (${formatPercent(data.discountValue)})` : 'Desconto';
    rows.push([label, `−${formatMoney(totals.discountAmount)}`, false]);
  }
  rows.push([taxLabel(priced, data.taxRate), formatMoney(totals.taxAmount), false]);
  rows.push(['Total', formatMoney(totals.totalValue), true]);
  w.gap(10);
  w.ensure(rows.length * 18 + 30);
  for (const [label, value, grand] of rows) {
    w.y -= grand ? 22 : 16;
    const opts = grand ? { size: 13, font: bold } : { size: 10, color: MUTED };
    w.text(label, MARGIN + 300, opts);
    w.rightText(value, COL.total.right, grand ? { size: 13, font: bold, color: brand } : { size: 10 });
  }
  // The IVA by rate, as Portuguese invoices show it (docs/product.md#totals), with each exemption's mention.
  if (showsTaxBreakdown(totals.taxBreakdown)) {
    w.gap(14);
    w.ensure(18 + totals.taxBreakdown.length * 28);
    w.y -= 12;
    const head = { size: 8, font: bold, color: MUTED };
    w.text('TAXA', MARGIN + 300, head);
    w.rightText('BASE TRIBUTÁVEL', COL.price.right + 20, head);
    w.rightText('IVA', COL.total.right, head);
    for (const row of totals.taxBreakdown) {
      w.ensure(28);
      w.y -= 15;
      w.text(formatPercent(row.rate), MARGIN + 300, { size: 10 });
      w.rightText(formatMoney(row.base), COL.price.right + 20, { size: 10 });
      w.rightText(formatMoney(row.tax), COL.total.right, { size: 10 });
      if (row.exemption) {
        for (const line of wrapText(exemptionMention(row.exemption), regular, 8, CONTENT_WIDTH - 306)) {
          w.y -= 11;
          w.text(line, MARGIN + 300, { size: 8, color: MUTED });
        }
      }
    }
  }
  if (data.sepa) drawSepaSchedule(w, data.sepa, totals.totalValue);
  if (data.validUntil) {
    w.gap(16);
    w.paragraph(`Proposta válida até ${formatCalendarDateLong(data.validUntil)}.`, {
      size: 10,
      color: MUTED,
    });
  }

  if (appendix) await appendix(doc, fonts);

  // Page numbers, once the count is known: every page of the file, the appendix's too.
  const pages = doc.getPages();
  const total = pages.length;
  const footer = `${clean(data.organization.name)} · ${title}`;
  for (const [i, page] of pages.entries()) {
    const label = `Página ${i + 1} de ${total}`;
    page.drawLine({
      start: { x: MARGIN, y: MARGIN + 14 },
      end: { x: PAGE.width - MARGIN, y: MARGIN + 14 },
      thickness: 0.5,
      color: RULE,
    });
    const left = wrapText(footer, regular, 8, CONTENT_WIDTH - 90)[0] ?? '';
    page.drawText(left, { x: MARGIN, y: MARGIN, size: 8, font: regular, color: MUTED });
    page.drawText(label, {
      x: PAGE.width - MARGIN - textWidth(regular, label, 8),
      y: MARGIN,
      size: 8,
      font: regular,
      color: MUTED,
    });
  }
  return doc.save();
}
