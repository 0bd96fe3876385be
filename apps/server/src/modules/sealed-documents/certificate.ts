import { formatInstantDateTime } from '@aceite/shared/dates';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

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
}

/** What the certificate says about where its times come from: with a TSA, who attests the seal's time. */
export function timeSourceText(timestampAuthority: string | null): string {
  if (!timestampAuthority) return 'Hora indicada pelo servidor da Aceite; sem carimbo temporal qualificado.';
  return `Hora do selo atestada pela autoridade de carimbo temporal ${timestampAuthority} (RFC 3161); a hora da decisão é a do servidor da Aceite.`;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
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
 * The standard fonts' WinAnsi encoding has every Portuguese letter and €; anything else a client may type
 * (another script, an emoji in a user agent) is printed as "?" rather than failing the whole document.
 */
function printable(font: PDFFont): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) =>
    Array.from(text.replace(/[\u202f\u2009]/g, '\u00a0').replace(/[\r\n\t]/g, ' '))
      .map((ch) => {
        let out = cache.get(ch);
        if (out === undefined) {
          try {
            font.encodeText(ch);
            out = ch;
          } catch {
            out = '?';
          }
          cache.set(ch, out);
        }
        return out;
      })
      .join('');
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the line (a hash, a long user agent token) is cut by characters.
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the certificate onto pages of `doc` (more than one when the event chain is long). */
async function drawCertificate(doc: PDFDocument, data: CertificateData): Promise<void> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = printable(regular);
  const contentWidth = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const heading = (value: string, size: number) => {
    ensure(size + 8);
    page.drawText(text(value), { x: MARGIN, y: y - size, size, font: bold, color: INK });
    y -= size + 10;
  };
  const field = (label: string, value: string) => {
    const lines = wrap(regular, 10, text(value), contentWidth - 150);
    ensure(14 * lines.length + 4);
    page.drawText(text(label), { x: MARGIN, y: y - 10, size: 9, font: bold, color: MUTED });
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: MARGIN + 150, y: y - 10 - i * 13, size: 10, font: regular, color: INK });
    }
    y -= 13 * lines.length + 6;
  };

  heading('Certificado de aceitação', 20);
  page.drawText(text(`${data.organizationName} · ${data.proposalTitle}`), {
    x: MARGIN,
    y: y - 11,
    size: 11,
    font: regular,
    color: MUTED,
    maxWidth: contentWidth,
  });
  y -= 26;

  const when = lisbonAndUtc(data.decidedAt);
  field('Decisão', data.decision === 'signed' ? 'Assinada (aceite com assinatura)' : 'Aceite');
  field('Nome', data.signerName ?? '—');
  field('Email', data.signerEmail ?? '—');
  field('Data e hora (Lisboa)', when.lisbon);
  field('Data e hora (UTC)', when.utc);
  field('Origem da hora', timeSourceText(data.timestampAuthority));
  field('Endereço IP', truncateIp(data.ip));
  field('Navegador', data.userAgent ?? '—');
  field('Versão', String(data.version));
  field('SHA-256 do conteúdo', data.contentSha256 ?? '—');

  if (data.signatureImage?.startsWith('data:image/png;base64,')) {
    const png = await doc.embedPng(Buffer.from(data.signatureImage.slice(22), 'base64'));
    const scaled = png.scaleToFit(220, 90);
    ensure(scaled.height + 24);
    page.drawText('Assinatura', { x: MARGIN, y: y - 10, size: 9, font: bold, color: MUTED });
    page.drawImage(png, { x: MARGIN + 150, y: y - scaled.height, ...scaled });
    y -= scaled.height + 14;
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
    'Confirme que este ficheiro foi selado pelo Aceite e não foi alterado em:',
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

/** The certificate alone, as a PDF of its own page(s). */
export async function buildCertificatePage(data: CertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificado de aceitação — ${data.proposalTitle}`);
  await drawCertificate(doc, data);
  return doc.save();
}

/** The proposal's pages followed by the certificate's, one document ready to be sealed. */
export async function appendCertificate(proposalPdf: Uint8Array, data: CertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.load(proposalPdf);
  await drawCertificate(doc, data);
  doc.setProducer('Aceite');
  return doc.save({ useObjectStreams: false });
}
