import { formatCalendarDate, formatInstantDateTime } from '@aceite/shared/dates';
import { formatMoney } from '@aceite/shared/money';
import type { SignedMandateRecord } from '@aceite/shared/sepa/mandate';
import { MANDATE_TITLE, sepaMandateText } from '@aceite/shared/sepa/mandate-text';
import { SEPA_SEQUENCE_LABELS } from '@aceite/shared/sepa/schedule-core';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { PDF_PAGE, type PdfAppendix, type PdfFonts, textWidth } from '@/lib/pdf-document.ts';

/** What the "Certificado de aceitação" page prints (docs/product.md#sealed-certificate). */
export interface CertificateData {
  proposalTitle: string;
  organizationName: string;
  decision: 'accepted' | 'signed';
  signerName: string | null;
  signerEmail: string | null;
  /** The drawn signature, a PNG data URL (signed proposals only). */
  signatureImage: string | null;
  decidedAt: Date;
  /** The client's address as recorded; printed truncated (/24, /48). */
  ip: string | null;
  userAgent: string | null;
  version: number;
  /** SHA-256 of the content the client decided on. */
  contentSha256: string | null;
  /** The evidence chain, one line per event, oldest first. */
  events: string[];
  verificationCode: string;
  verificationUrl: string;
  /**
   * The timestamp authority that stamps the seal (the host of SEAL_TSA_URL), or null when the times are the
   * server's alone (docs/product.md#sealed-certificate).
   */
  timestampAuthority: string | null;
  /** The SEPA mandate signed with the acceptance, the IBAN masked (docs/product.md#the-mandate-at-acceptance). */
  mandate?: CertificateMandate | null;
  /**
   * The organization's white-label (docs/product.md#white-label): the page names no platform; its verification
   * link is on the organization's domain.
   */
  whiteLabel?: boolean;
}

/** The mandate as the decision's record keeps it (public-proposals.decide.ts, `sepaMandate`). */
export type CertificateMandate = SignedMandateRecord;

/** What the certificate says about where its times come from: with a TSA, who attests the seal's time. */
export function timeSourceText(timestampAuthority: string | null, whiteLabel = false): string {
  const server = whiteLabel ? 'servidor' : 'servidor da Aceite';
  if (!timestampAuthority) return `Hora indicada pelo ${server}; sem carimbo temporal qualificado.`;
  return `Hora do selo atestada pela autoridade de carimbo temporal ${timestampAuthority} (RFC 3161); a hora da decisão é a do ${server}.`;
}

const A4: [number, number] = [PDF_PAGE.width, PDF_PAGE.height];
const MARGIN = PDF_PAGE.margin;
const INK = rgb(0.12, 0.14, 0.17);
const MUTED = rgb(0.36, 0.4, 0.45);

/** An IPv4 address to its /24, an IPv6 one to its /48: enough to place a request, not to name a person. */
export function truncateIp(ip: string | null): string {
  if (!ip) return '—';
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (ip.includes(':')) {
    const [head] = ip.split('::');
    const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::/48`;
  }
  return '—';
}

/** "26/11/2026, 02:15:09 (Lisboa)" and "2026-11-26 02:15:09 UTC". */
export function lisbonAndUtc(date: Date): { lisbon: string; utc: string } {
  const seconds = String(date.getUTCSeconds()).padStart(2, '0');
  const lisbon = `${formatInstantDateTime(date.toISOString(), 'Europe/Lisbon')}:${seconds} (hora de Lisboa)`;
  const utc = `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return { lisbon, utc };
}

/**
 * Control characters become spaces, and a character the font has no glyph for (another script, an emoji in a
 * user agent) prints as "?" rather than as an empty box.
 */
function printable(font: PDFFont): (text: string) => string {
  const glyphs = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.replace(/[\r\n\t]/g, ' '))
      .map((ch) => (glyphs.has(ch.codePointAt(0) ?? 0) ? ch : '?'))
      .join('');
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(font, candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the line (a long user agent token) is cut by characters.
    let rest = word;
    while (textWidth(font, rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(font, rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A SHA-256 as two halves of 32 digits, each on its own line: the 64 digits do not fit the column, and a
 * break in an arbitrary place makes the value hard to compare by eye.
 */
export function hashLines(hash: string | null): string[] {
  if (!hash) return ['—'];
  return hash.length === 64 ? [hash.slice(0, 32), hash.slice(32)] : [hash];
}

/**
 * Draws the certificate onto new pages of `doc` (more than one when the event chain is long), in the
 * document's own embedded fonts, above the footer band the proposal's renderer numbers.
 */
async function drawCertificate(doc: PDFDocument, fonts: PdfFonts, data: CertificateData): Promise<void> {
  const { regular, bold } = fonts;
  const text = printable(regular);
  const contentWidth = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const ensure = (height: number) => {
    if (y - height >= PDF_PAGE.contentBottom) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const heading = (value: string, size: number) => {
    ensure(size + 8);
    page.drawText(text(value), { x: MARGIN, y: y - size, size, font: bold, color: INK });
    y -= size + 10;
  };
  /** A labelled value; each of `values` starts a line of its own. */
  const field = (label: string, ...values: string[]) => {
    const lines = values.flatMap((value) => wrap(regular, 10, text(value), contentWidth - 150));
    ensure(14 * lines.length + 4);
    page.drawText(text(label), { x: MARGIN, y: y - 10, size: 9, font: bold, color: MUTED });
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: MARGIN + 150, y: y - 10 - i * 13, size: 10, font: regular, color: INK });
    }
    y -= 13 * lines.length + 6;
  };

  heading('Certificado de aceitação', 20);
  for (const line of wrap(
    regular,
    11,
    text(`${data.organizationName} · ${data.proposalTitle}`),
    contentWidth,
  )) {
    page.drawText(line, { x: MARGIN, y: y - 11, size: 11, font: regular, color: MUTED });
    y -= 15;
  }
  y -= 11;

  const when = lisbonAndUtc(data.decidedAt);
  field('Decisão', data.decision === 'signed' ? 'Assinada (aceite com assinatura)' : 'Aceite');
  field('Nome', data.signerName ?? '—');
  field('Email', data.signerEmail ?? '—');
  field('Data e hora (Lisboa)', when.lisbon);
  field('Data e hora (UTC)', when.utc);
  field('Origem da hora', timeSourceText(data.timestampAuthority, data.whiteLabel));
  field('Endereço IP', truncateIp(data.ip));
  field('Navegador', data.userAgent ?? '—');
  field('Versão', String(data.version));
  field('SHA-256 do conteúdo', ...hashLines(data.contentSha256));

  if (data.signatureImage?.startsWith('data:image/png;base64,')) {
    const png = await doc.embedPng(Buffer.from(data.signatureImage.slice(22), 'base64'));
    const scaled = png.scaleToFit(220, 90);
    ensure(scaled.height + 24);
    page.drawText('Assinatura', { x: MARGIN, y: y - 10, size: 9, font: bold, color: MUTED });
    page.drawImage(png, { x: MARGIN + 150, y: y - scaled.height, ...scaled });
    y -= scaled.height + 14;
  }

  if (data.mandate) {
    const m = data.mandate;
    y -= 6;
    heading(MANDATE_TITLE, 13);
    field('Referência', m.reference);
    field('Data da assinatura', lisbonAndUtc(new Date(m.signedAt)).lisbon);
    field('Titular da conta', m.debtorName);
    field('IBAN', m.ibanMasked);
    if (m.debtorBic) field('BIC', m.debtorBic);
    field('Credor', m.creditorName);
    field('Identificador de credor', m.creditorIdentifier);
    field(
      'Débitos',
      ...m.schedule.map(
        (c) =>
          `${c.sequence}. ${formatCalendarDate(c.collectionDate)} · ${formatMoney(c.amountCents)} · ` +
          `${SEPA_SEQUENCE_LABELS[c.sequenceType].toLowerCase()} (${c.sequenceType})`,
      ),
    );
    // The scheme's words, as the page showed them before the client signed (packages/shared/src/sepa/mandate-text.ts).
    y -= 4;
    for (const paragraph of sepaMandateText({ ...m, reference: m.reference })) {
      const lines = wrap(regular, 9, text(paragraph), contentWidth);
      ensure(12 * lines.length + 4);
      for (const line of lines) {
        page.drawText(line, { x: MARGIN, y: y - 9, size: 9, font: regular, color: INK });
        y -= 12;
      }
      y -= 4;
    }
  }

  y -= 6;
  heading('Cadeia de eventos', 13);
  for (const event of data.events.length > 0 ? data.events : ['—']) {
    const lines = wrap(regular, 8.5, text(event), contentWidth);
    ensure(11 * lines.length + 2);
    for (const line of lines) {
      page.drawText(line, { x: MARGIN, y: y - 9, size: 8.5, font: regular, color: INK });
      y -= 11;
    }
    y -= 2;
  }

  y -= 10;
  const qr = await doc.embedPng(
    await QRCode.toBuffer(data.verificationUrl, {
      type: 'png',
      margin: 1,
      width: 240,
      errorCorrectionLevel: 'M',
    }),
  );
  ensure(120);
  heading('Verificação', 13);
  page.drawImage(qr, { x: MARGIN, y: y - 100, width: 100, height: 100 });
  const verifyLines = [
    `Código de verificação: ${data.verificationCode}`,
    data.whiteLabel
      ? 'Confirme que este ficheiro foi selado e não foi alterado em:'
      : 'Confirme que este ficheiro foi selado pelo Aceite e não foi alterado em:',
    data.verificationUrl,
  ];
  for (const [i, line] of verifyLines.entries()) {
    for (const [j, part] of wrap(regular, 10, text(line), contentWidth - 115).entries()) {
      page.drawText(part, {
        x: MARGIN + 115,
        y: y - 14 - i * 18 - j * 12,
        size: 10,
        font: i === 0 ? bold : regular,
        color: INK,
      });
    }
  }
  y -= 110;
}

/** The certificate as the appendix of the proposal's PDF: one document, one font family, one page count. */
export function certificateAppendix(data: CertificateData): PdfAppendix {
  return (doc, fonts) => drawCertificate(doc, fonts, data);
}
