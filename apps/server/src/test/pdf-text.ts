import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF, read by Mozilla's PDF.js: an independent reader, so a test passes only when
 * the file itself says what it should, not when our renderer agrees with itself.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((s) => s.trim() !== '')
        .join('\n'),
    );
  }
  await task.destroy();
  return pages;
}

/** The document's title from its metadata, as a reader shows it. */
export async function pdfTitle(bytes: Uint8Array): Promise<string | undefined> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const { info } = (await (await task.promise).getMetadata()) as { info: { Title?: string } };
  await task.destroy();
  return info.Title;
}

/**
 * What poppler reads of a file: `pdfinfo` (its metadata: Creator, Producer, Author…) and `pdftotext` (its text),
 * the tools the white-label's "no Aceite mark" check names (issue 40); another reader than PDF.js.
 */
export function popplerReport(bytes: Uint8Array): { info: string; text: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-poppler-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return {
      info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
      text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
