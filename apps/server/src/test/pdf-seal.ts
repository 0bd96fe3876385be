import { execFileSync } from 'node:child_process';
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
