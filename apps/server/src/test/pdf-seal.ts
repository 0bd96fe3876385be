import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** The signature's bytes and the bytes it covers, read from the file as any verifier would (ByteRange). */
export function splitSigned(pdf: Buffer): { signature: Buffer; covered: Buffer } {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  expect(ranges).toHaveLength(1);
  const [a, b, c, d] = (ranges[0]?.slice(1) ?? []).map(Number) as [number, number, number, number];
  const covered = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = pdf
    .subarray(a + b, c)
    .toString('latin1')
    .replace(/[<>\s]/g, '');
  return { signature: Buffer.from(hex.replace(/(00)+$/, ''), 'hex'), covered };
}

/** openssl — not the code that sealed — checks the CMS signature over the covered bytes. */
export function opensslVerifies(pdf: Buffer): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-'));
  const { signature, covered } = splitSigned(pdf);
  const sig = path.join(dir, 'sig.der');
  const content = path.join(dir, 'content.bin');
  const cert = path.join(dir, 'cert.pem');
  writeFileSync(sig, signature);
  writeFileSync(content, covered);
  // The certificate embedded in the signature is the one the check trusts: the seal is self-signed.
  const certs = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', sig, '-print_certs']);
  writeFileSync(cert, certs);
  try {
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sig,
        '-content',
        content,
        '-CAfile',
        cert,
        '-purpose',
        'any',
        '-out',
        path.join(dir, 'out.bin'),
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

/** poppler's `pdfsig` report of the file (a third verifier, the one Evince and Okular use). */
export function pdfsigReport(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-'));
  const file = path.join(dir, 'sealed.pdf');
  writeFileSync(file, pdf);
  // pdfsig exits non-zero when a signature does not verify; the report is what the test reads.
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

/** MuPDF's `mutool sign -v` report of the file (a fourth verifier, independent of poppler and openssl). */
export function mutoolReport(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-'));
  const file = path.join(dir, 'sealed.pdf');
  writeFileSync(file, pdf);
  const result = spawnSync('mutool', ['sign', '-v', file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

/** openssl's printout of the CMS in the file's /Contents (attribute names as openssl knows them). */
export function cmsPrint(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-'));
  const sig = path.join(dir, 'sig.der');
  writeFileSync(sig, splitSigned(pdf).signature);
  return execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', sig]).toString();
}
