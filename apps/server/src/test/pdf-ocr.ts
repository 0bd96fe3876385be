import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';

const run = promisify(execFile);

/** The programs the OCR tests run, and the Debian package that has each (.ci/run installs them). */
const TOOLS = [
  { command: 'pdftoppm', args: ['-v'], debian: 'poppler-utils' },
  { command: 'mutool', args: ['-v'], debian: 'mupdf-tools' },
  { command: 'tesseract', args: ['--version'], debian: 'tesseract-ocr' },
] as const;

/**
 * Throws, naming the Debian package to install, when a program or Tesseract's Portuguese model is missing:
 * the OCR tests never skip (docs/decisions.md, "Tests that OCR the PDFs").
 */
export function assertOcrTools(): void {
  const missing: string[] = [];
  for (const tool of TOOLS) {
    const result = spawnSync(tool.command, tool.args, { stdio: 'ignore' });
    if (result.error) missing.push(`${tool.command} (apt-get install -y ${tool.debian})`);
  }
  if (missing.length === 0) {
    const langs = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
    if (!/^por$/m.test(`${langs.stdout}${langs.stderr}`))
      missing.push("Tesseract's Portuguese model (apt-get install -y tesseract-ocr-por)");
  }
  if (missing.length > 0) throw new Error(`The PDF OCR tests need: ${missing.join('; ')}`);
}

export type PdfRasterizer = 'poppler' | 'mupdf';

/**
 * 150 dpi in grey: Noto Sans at 8 pt (the footers) still reads without error, at a quarter of 300 dpi's pixels.
 * One Tesseract thread a process: the pages run side by side instead (`ocrLimit`).
 */
const DPI = '150';
const ocrLimit = pLimit(Math.max(2, os.availableParallelism()));

async function rasterize(pdfFile: string, rasterizer: PdfRasterizer, dir: string): Promise<string[]> {
  if (rasterizer === 'poppler') {
    await run('pdftoppm', ['-r', DPI, '-gray', '-png', pdfFile, path.join(dir, 'page')]);
  } else {
    await run('mutool', [
      'draw',
      '-q',
      '-r',
      DPI,
      '-c',
      'gray',
      '-o',
      path.join(dir, 'page-%d.png'),
      pdfFile,
    ]);
  }
  const pages = (await readdir(dir)).filter((name) => name.endsWith('.png'));
  // page-1.png … page-12.png (MuPDF) or page-01.png (poppler): in page order.
  const number = (name: string) => Number(/(\d+)\.png$/.exec(name)?.[1]);
  return pages.sort((a, b) => number(a) - number(b)).map((name) => path.join(dir, name));
}

/**
 * Every page of the PDF drawn by poppler or MuPDF and read back by Tesseract with its Portuguese model: the
 * text a person sees on screen, not the text layer (which stays right when the glyphs are blank).
 */
export async function ocrPdf(pdf: Uint8Array, rasterizer: PdfRasterizer): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `aceite-ocr-${rasterizer}-`));
  try {
    const pdfFile = path.join(dir, 'document.pdf');
    await writeFile(pdfFile, pdf);
    const images = await rasterize(pdfFile, rasterizer, dir);
    return await Promise.all(
      images.map((image) =>
        ocrLimit(async () => {
          // No search for white-on-dark text (the PDFs have none): a quarter less time a page.
          const { stdout } = await run('tesseract', [image, '-', '-l', 'por', '-c', 'tessedit_do_invert=0'], {
            env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          });
          return stdout;
        }),
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** OCR text with its spacing made comparable: one space for any run of blanks, one dash for any dash. */
export function normalizeOcr(text: string): string {
  return (
    text
      .replace(/[\u2012-\u2015\u2212]/g, '-')
      // An ellipsis is read as three dots.
      .replace(/\u2026/g, '...')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Without any blank: money as OCR reads it ("3 921,63 €", "3921,63€" or "3 921,63€") compares equal. */
export function compactOcr(text: string): string {
  return normalizeOcr(text).replace(/\s/g, '');
}
