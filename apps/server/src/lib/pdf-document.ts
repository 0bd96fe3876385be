import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The one font family of every PDF the product makes (the proposal and the sealed certificate): Noto Sans
 * Regular and Bold, subset per document (docs/decisions.md, "PDF fonts that render everywhere").
 */
export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type PdfLibFont = ReturnType<PdfLibFontkit['create']>;

/**
 * fontkit 2 (foliojs/fontkit, maintained; pdfkit and react-pdf use it) behind the interface pdf-lib 1.17 calls.
 * `@pdf-lib/fontkit` 1.1.1, pdf-lib's own fork, writes broken TrueType subsets (a short `loca` without the
 * glyph padding it needs), so poppler, MuPDF and Ghostscript drew most letters blank. The one difference
 * pdf-lib meets: fontkit 2's subset encodes with `encode()`, pdf-lib reads `encodeStream()`, so the encoded
 * bytes are handed over as a stream of one chunk.
 */
const FONTKIT: PdfLibFontkit = {
  create(bytes) {
    const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!('createSubset' in font)) throw new Error('expected one font, got a font collection');
    const createSubset = font.createSubset.bind(font);
    const adapted = Object.assign(font, {
      createSubset: () => {
        const subset = createSubset();
        return Object.assign(subset, {
          encodeStream: () => Readable.from([Buffer.from(subset.encode())]),
        });
      },
    });
    // @types/fontkit and pdf-lib each declare fontkit's font on their own; the object is the same one.
    return adapted as unknown as PdfLibFont;
  },
};

const require = createRequire(import.meta.url);

/** Noto Sans (SIL Open Font License 1.1, which allows embedding): every Latin letter (Ł, ç, ã) and €. Read once. */
let files: { regular: Uint8Array; bold: Uint8Array } | undefined;
function fontFiles() {
  files ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  };
  return files;
}

/**
 * OpenType shaping off: Latin text needs none of it, and fontkit's full shaping of Noto Sans costs ~7 ms per
 * string measured or drawn (docs/decisions.md, "Proposal PDF").
 */
const PLAIN_TEXT = {
  liga: false,
  kern: false,
  calt: false,
  ccmp: false,
  locl: false,
  mark: false,
  mkmk: false,
  rlig: false,
  clig: false,
  rclt: false,
  curs: false,
  frac: false,
  numr: false,
  dnom: false,
};

/** Embeds the family into `doc`, each font subset to the glyphs the document draws. */
export async function embedPdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(FONTKIT);
  const { regular, bold } = fontFiles();
  return {
    regular: await doc.embedFont(regular, { subset: true, features: PLAIN_TEXT }),
    bold: await doc.embedFont(bold, { subset: true, features: PLAIN_TEXT }),
  };
}

const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of text at a size, from each character's advance (memoized per font): with shaping off (no
 * kerning, no ligatures) that is exactly what is drawn, at a fraction of fontkit's per-string layout.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let perChar = advances.get(font);
  if (!perChar) {
    perChar = new Map();
    advances.set(font, perChar);
  }
  let width = 0;
  for (const char of text) {
    let advance = perChar.get(char);
    if (advance === undefined) {
      advance = font.widthOfTextAtSize(char, 1);
      perChar.set(char, advance);
    }
    width += advance;
  }
  return width * size;
}

/**
 * The A4 page every PDF of the product shares, in points: content stays between the margins and above the
 * footer band, where the proposal's renderer writes "Página X de N" on every page of the file.
 */
export const PDF_PAGE = {
  width: 595.28,
  height: 841.89,
  margin: 50,
  /** The lowest y content may reach: the bottom margin plus the footer band. */
  contentBottom: 90,
} as const;

/**
 * Pages drawn after the proposal's own, in the same document and with the same fonts (the sealed PDF's
 * certificate, docs/product.md#sealed-certificate), so the footers, drawn last, count them too.
 */
export type PdfAppendix = (doc: PDFDocument, fonts: PdfFonts) => Promise<void>;
