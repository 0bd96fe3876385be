/*
 * The one way the app saves a downloaded file (docs/architecture.md, "Web"). Tiny and without imports: the
 * client's public page (/p) uses it too, and its bundle must not grow.
 */

/** Long enough for the save (or a new tab) to read the object URL before it is released. */
const RELEASE_AFTER_MS = 60_000;

/**
 * Hands the bytes to the browser through a temporary link: saved under `fileName`, or, with `openInTab`, shown in
 * a new tab (a file the browser can display, e.g. a PDF attachment).
 */
export function saveBlob(blob: Blob, fileName: string, { openInTab = false } = {}): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  if (openInTab) {
    link.target = '_blank';
    link.rel = 'noopener';
  } else {
    link.download = fileName;
  }
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}
