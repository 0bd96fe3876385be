import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSealKey, type SealKey } from '@/lib/seal-key.ts';
import { renderProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { thirtyItemProposal } from '@/modules/proposal-pdf/proposal-pdf.sample.ts';
import { opensslVerifies, splitSigned } from '@/test/pdf-seal.ts';
import { type CertificateData, certificateAppendix, truncateIp } from './certificate.ts';
import { sealPdf } from './seal.ts';

const PNG_1x1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const sampleCertificate: CertificateData = {
  proposalTitle: 'Renovação da loja — edição de Verão',
  organizationName: 'Açores Digital, Lda.',
  decision: 'signed',
  signerName: 'Łukasz Gonçalves Simão',
  signerEmail: 'joao@cliente.pt',
  signatureImage: PNG_1x1,
  decidedAt: new Date('2026-07-01T13:05:09Z'),
  ip: '203.0.113.77',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  version: 3,
  contentSha256: '0123456789abcdef'.repeat(4),
  events: ['2026-07-01 12:00:00 UTC · Enviada', '2026-07-01 13:05:09 UTC · Assinada por João Gonçalves'],
  verificationCode: 'ABCD-EFGH-JKMN',
  verificationUrl: 'https://aceite.example/verificar?codigo=ABCD-EFGH-JKMN',
};

/** The proposal's pages and the certificate's, one document, as the seal job makes it. */
function sealedDocument(): Promise<Uint8Array> {
  return renderProposalPdf(thirtyItemProposal(), certificateAppendix(sampleCertificate));
}

describe('sealed PDF', () => {
  let key: SealKey;
  let sealed: Buffer;

  beforeAll(async () => {
    key = generateSealKey();
    sealed = Buffer.from(await sealPdf(await sealedDocument(), key));
  });

  it('carries a detached CMS signature with SHA-256, the signing time and the certificate, which openssl verifies', () => {
    expect(opensslVerifies(sealed)).toBe(true);
    const { signature } = splitSigned(sealed);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-'));
    writeFileSync(path.join(dir, 'sig.der'), signature);
    const printed = execFileSync('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'sig.der'),
    ]).toString();
    expect(printed).toContain('sha256');
    expect(printed).toContain('signingTime');
    expect(printed).toContain('Aceite');
    expect(printed).toMatch(/eContent: <ABSENT>/);
    expect(sealed.toString('latin1')).toContain('/ETSI.CAdES.detached');
  });

  it('signs the ESS signing-certificate-v2 attribute: the SHA-256 of the embedded certificate and its issuerSerial', () => {
    const { signature } = splitSigned(sealed);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-'));
    const sig = path.join(dir, 'sig.der');
    writeFileSync(sig, signature);
    // openssl names the attribute among the signed ones…
    const printed = execFileSync('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      sig,
    ]).toString();
    expect(printed).toMatch(
      /signedAttrs:[\s\S]*(id-smime-aa-signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47)/,
    );
    // …and the certificate openssl extracts from the signature hashes to the value the attribute carries.
    const pem = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', sig, '-print_certs']);
    const certDer = execFileSync('openssl', ['x509', '-outform', 'DER'], { input: pem });
    const expected = createHash('sha256').update(certDer).digest('hex');
    const serial = execFileSync('openssl', ['x509', '-noout', '-serial'], { input: pem })
      .toString()
      .trim()
      .replace(/^serial=/, '')
      .toLowerCase();

    // ContentInfo → [0] SignedData → signerInfos (last) → first SignerInfo → signedAttrs [0].
    const der = new Uint8Array(signature);
    const info = asn1js.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength));
    expect(info.offset).not.toBe(-1);
    const seq = (node: unknown) => (node as asn1js.Sequence).valueBlock.value;
    const signedData = seq(seq(info.result)[1])[0];
    const signerInfos = seq(signedData).at(-1);
    const signerInfo = seq(signerInfos)[0];
    const signedAttrs = seq(signerInfo).find((n) => n.idBlock.tagClass === 3 && n.idBlock.tagNumber === 0);
    const attribute = seq(signedAttrs).find(
      (a) => (seq(a)[0] as asn1js.ObjectIdentifier).valueBlock.toString() === '1.2.840.113549.1.9.16.2.47',
    );
    expect(attribute).toBeDefined();
    const signingCertificateV2 = seq(seq(attribute)[1])[0];
    const essCertIdV2 = seq(seq(signingCertificateV2)[0])[0];
    const [certHash, issuerSerial] = seq(essCertIdV2);
    // The hash algorithm is the default SHA-256, so DER leaves it out: the first member is the hash itself.
    expect(certHash).toBeInstanceOf(asn1js.OctetString);
    expect(Buffer.from((certHash as asn1js.OctetString).valueBlock.valueHexView).toString('hex')).toBe(
      expected,
    );
    const serialNumber = seq(issuerSerial)[1] as asn1js.Integer;
    expect(Buffer.from(serialNumber.valueBlock.valueHexView).toString('hex')).toBe(serial);
  });

  it('fails verification when one byte of the file changes', () => {
    // A byte inside the first signed range (the file's objects, before the signature's own bytes).
    const at = sealed.indexOf('/Producer');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(sealed.indexOf('/ByteRange'));
    const tampered = Buffer.from(sealed);
    tampered[at + 1] = 'p'.charCodeAt(0);
    expect(opensslVerifies(tampered)).toBe(false);
    expect(opensslVerifies(Buffer.from(sealed))).toBe(true);
  });

  it('prints the certificate page, read back by an independent PDF parser', async () => {
    const parser = new PDFParse({ data: new Uint8Array(sealed) });
    const { text } = await parser.getText();
    await parser.destroy();
    for (const expected of [
      'Certificado de aceitação',
      'Łukasz Gonçalves Simão',
      'joao@cliente.pt',
      '01/07/2026, 14:05:09 (hora de Lisboa)',
      '2026-07-01 13:05:09 UTC',
      '203.0.113.0/24',
      'Chrome/140.0',
      'Assinada por João Gonçalves',
      'ABCD-EFGH-JKMN',
      'https://aceite.example/verificar?codigo=ABCD-EFGH-JKMN',
      'Remodelação do escritório — São João',
    ]) {
      expect(text).toContain(expected);
    }
    // The hash in two halves of 32 digits, each whole on its own line.
    expect(text).toMatch(/(^|\s)0123456789abcdef0123456789abcdef\s+0123456789abcdef0123456789abcdef(\s|$)/);
    expect(text).not.toContain('203.0.113.77');
  });

  it("numbers every page of the file, the certificate's included", async () => {
    // pdf-parse, as above: pdf.js is loaded once per process, at its version.
    const parser = new PDFParse({ data: new Uint8Array(sealed) });
    const pages = (await parser.getText()).pages.map((page) => page.text);
    await parser.destroy();
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((text, i) => {
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    expect(pages.at(-1)).toContain('Certificado de aceitação');
  });

  it('truncates addresses to /24 and /48', () => {
    expect(truncateIp('::ffff:10.1.2.3')).toBe('10.1.2.0/24');
    expect(truncateIp('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(truncateIp(null)).toBe('—');
  });
});
