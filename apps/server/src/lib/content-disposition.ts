import { create } from 'content-disposition';

/**
 * `Content-Disposition: attachment` for a download (RFC 6266): the name in UTF-8 as `filename*` (RFC 5987,
 * encoded by the `content-disposition` package, which escapes every character RFC 5987 does not allow) and an
 * ASCII fallback `filename` (accents dropped) for clients that read only that one.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return create(fileName, { fallback: ascii });
}
