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
