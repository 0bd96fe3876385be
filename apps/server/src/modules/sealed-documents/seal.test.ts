import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSealKey, type SealKey } from '@/lib/seal-key.ts';
import { PdfWorkers } from '@/modules/pdf-workers/pdf-workers.ts';
import { thirtyItemProposal } from '@/modules/proposal-pdf/proposal-pdf.sample.ts';
import { mutoolReport, opensslVerifies, pdfsigReport, splitSigned } from '@/test/pdf-seal.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';
import { type LoopbackTsa, startLoopbackTsa } from '@/test/tsa.ts';
import { type CertificateData, truncateIp } from './certificate.ts';

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
  timestampAuthority: null,
};

const OID = {
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
};
const SIGNING_TIME = new Date('2026-07-01T13:05:30Z');

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The one SignerInfo of the CMS in the PDF's /Contents, parsed with pkijs (the checks below use openssl). */
function signerInfoOf(sealed: Buffer): pkijs.SignerInfo {
  const info = pkijs.ContentInfo.fromBER(toArrayBuffer(splitSigned(sealed).signature));
  const signerInfo = new pkijs.SignedData({ schema: info.content }).signerInfos[0];
  if (!signerInfo) throw new Error('no SignerInfo');
  return signerInfo;
}

const attributeTypes = (attrs: pkijs.SignedAndUnsignedAttributes | undefined) =>
  (attrs?.attributes ?? []).map((a) => a.type);

/** A byte inside the first signed range (the file's objects, before the signature's own bytes) changed. */
function tamper(sealed: Buffer): Buffer {
  const at = sealed.indexOf('/Producer');
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThan(sealed.indexOf('/ByteRange'));
  const tampered = Buffer.from(sealed);
  tampered[at + 1] = 'p'.charCodeAt(0);
  return tampered;
}

const VALID = /Signature Validation: Signature is Valid\./;

async function certificatePageText(sealed: Buffer): Promise<string> {
  const text = (await pdfPagesText(new Uint8Array(sealed))).join('\n');
  return text;
}

/**
 * The seal job's own path: the proposal's pages and the certificate's, one document, rendered and sealed in
 * a worker thread of the pool (modules/pdf-workers), a TSA's request answered from this thread.
 */
const workers = new PdfWorkers({ threads: 1 });
afterAll(() => workers.close());
const sealedByWorker = async (
  key: SealKey,
  options: {
    certificate?: CertificateData;
    signingTime?: Date;
    tsa?: { url: string; timeoutMs?: number };
  } = {},
) =>
  Buffer.from(
    await workers.seal({
      data: thirtyItemProposal(),
      certificate: options.certificate ?? sampleCertificate,
      key,
      signingTime: options.signingTime,
      tsa: options.tsa,
    }),
  );

describe('sealed PDF', () => {
  let key: SealKey;
  let sealed: Buffer;

  beforeAll(async () => {
    key = generateSealKey();
    sealed = await sealedByWorker(key, { signingTime: SIGNING_TIME });
  });

  it('was made in a worker thread, not on the event loop', () => {
    expect(workers.threadIds.size).toBe(1);
    expect(workers.threadIds.has(0)).toBe(false);
  });

  it('carries a detached CMS signature with SHA-256 and the certificate, the time in /M, which openssl verifies', () => {
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
    // PAdES baseline (ETSI EN 319 142-1, 5.2.1): no CMS signing-time; the claimed time is the dictionary's /M.
    expect(printed).not.toContain('signingTime');
    expect(sealed.toString('latin1')).toMatch(/\/M\s*\(D:20260701130530Z/);
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

  it('has no signing-time and no timestamp in the SignerInfo without a TSA (B-B)', () => {
    const signerInfo = signerInfoOf(sealed);
    const signed = attributeTypes(signerInfo.signedAttrs);
    expect(signed).toContain(OID.signingCertificateV2);
    expect(signed).not.toContain(OID.signingTime);
    expect(attributeTypes(signerInfo.unsignedAttrs)).toEqual([]);
  });

  it('fails verification when one byte of the file changes, in openssl and in poppler', () => {
    const tampered = tamper(sealed);
    expect(opensslVerifies(tampered)).toBe(false);
    expect(opensslVerifies(Buffer.from(sealed))).toBe(true);
    const report = pdfsigReport(sealed);
    expect(report).toMatch(VALID);
    expect(report).toContain('ETSI.CAdES.detached');
    const tamperedReport = pdfsigReport(tampered);
    expect(tamperedReport).not.toMatch(VALID);
    expect(tamperedReport).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('prints the certificate page, read back by an independent PDF parser', async () => {
    const text = await certificatePageText(sealed);
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
      'Hora indicada pelo servidor da Aceite; sem carimbo temporal qualificado.',
    ]) {
      expect(text).toContain(expected);
    }
    // The hash in two halves of 32 digits, each whole on its own line.
    expect(text).toMatch(/(^|\s)0123456789abcdef0123456789abcdef\s+0123456789abcdef0123456789abcdef(\s|$)/);
    expect(text).not.toContain('203.0.113.77');
  });

  it("numbers every page of the file, the certificate's included", async () => {
    const pages = await pdfPagesText(new Uint8Array(sealed));
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

describe('sealed PDF with a timestamp authority (PAdES baseline B-T)', () => {
  let key: SealKey;
  let tsa: LoopbackTsa;
  let sealed: Buffer;
  let dir: string;

  beforeAll(async () => {
    key = generateSealKey();
    tsa = await startLoopbackTsa();
    dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-seal-bt-'));
    const certificate = { ...sampleCertificate, timestampAuthority: new URL(tsa.url).host };
    sealed = await sealedByWorker(key, { certificate, signingTime: SIGNING_TIME, tsa: { url: tsa.url } });
  }, 30_000);

  afterAll(async () => {
    await tsa?.close();
  });

  it('adds a signature timestamp token whose imprint is the SHA-256 of the signature value, and no signing-time', () => {
    const signerInfo = signerInfoOf(sealed);
    const signed = attributeTypes(signerInfo.signedAttrs);
    expect(signed).toContain(OID.signingCertificateV2);
    expect(signed).not.toContain(OID.signingTime);
    const unsigned = signerInfo.unsignedAttrs?.attributes ?? [];
    expect(unsigned.map((a) => a.type)).toEqual([OID.signatureTimeStampToken]);
    const tokenSchema = unsigned[0]?.values[0] as asn1js.Sequence;
    const token = new pkijs.ContentInfo({ schema: tokenSchema });
    const tstInfo = pkijs.TSTInfo.fromBER(
      new pkijs.SignedData({ schema: token.content }).encapContentInfo.eContent?.getValue() ??
        new ArrayBuffer(0),
    );
    const signatureValue = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex')).toBe(
      createHash('sha256').update(signatureValue).digest('hex'),
    );
    expect(Math.abs(tstInfo.genTime.getTime() - Date.now())).toBeLessThan(120_000);
    expect(tsa.state.requests).toBe(1);

    // openssl — not the code that asked for it — checks the token over the signature value, trusting the TSA's CA.
    writeFileSync(path.join(dir, 'signature-value.bin'), signatureValue);
    writeFileSync(path.join(dir, 'token.der'), tokenSchema.valueBeforeDecodeView);
    const verified = spawnSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-data',
        'signature-value.bin',
        '-in',
        'token.der',
        '-token_in',
        '-CAfile',
        tsa.caFile,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(`${verified.stdout}${verified.stderr}`).toContain('Verification: OK');
    // …and refuses it over anything else.
    writeFileSync(path.join(dir, 'other.bin'), Buffer.concat([signatureValue, Buffer.from([0])]));
    const other = spawnSync(
      'openssl',
      ['ts', '-verify', '-data', 'other.bin', '-in', 'token.der', '-token_in', '-CAfile', tsa.caFile],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(`${other.stdout}${other.stderr}`).not.toContain('Verification: OK');
  });

  it('is valid for poppler, MuPDF and openssl, has /M and ETSI.CAdES.detached, and one changed byte is reported', () => {
    expect(sealed.toString('latin1')).toMatch(/\/M\s*\(D:20260701130530Z/);
    expect(sealed.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(opensslVerifies(sealed)).toBe(true);
    const report = pdfsigReport(sealed);
    expect(report).toMatch(VALID);
    // poppler reads the claimed time from /M, the only place PAdES baseline allows it.
    expect(report).toContain('Signing Time: Jul 01 2026 13:05:30');
    expect(mutoolReport(sealed)).toContain('The document is unchanged since signing.');
    const tampered = tamper(sealed);
    expect(opensslVerifies(tampered)).toBe(false);
    expect(pdfsigReport(tampered)).toContain('Signature Validation: Digest Mismatch.');
    const mutool = mutoolReport(tampered);
    expect(mutool).not.toContain('unchanged since signing');
    expect(mutool).toContain('Signature invalidated by change to document');
  });

  it('names the timestamp authority on the certificate page', async () => {
    const text = await certificatePageText(sealed);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Hora do selo atestada pela autoridade de carimbo temporal ${new URL(tsa.url).host} (RFC 3161)`,
    );
    expect(text).not.toContain('sem carimbo temporal');
  });

  it('refuses to seal when the TSA fails, so the job retries instead of sealing without the stamp', async () => {
    try {
      tsa.state.mode = 'http-500';
      await expect(sealedByWorker(key, { tsa: { url: tsa.url } })).rejects.toThrow(/answered HTTP 500/);
      tsa.state.mode = 'other-imprint';
      await expect(sealedByWorker(key, { tsa: { url: tsa.url } })).rejects.toThrow(/imprint/);
      tsa.state.mode = 'hang';
      await expect(sealedByWorker(key, { tsa: { url: tsa.url, timeoutMs: 300 } })).rejects.toThrow(/timeout/);
      await expect(
        sealedByWorker(key, { tsa: { url: 'http://127.0.0.1:1/tsa', timeoutMs: 2000 } }),
      ).rejects.toThrow(/timestamp authority 127\.0\.0\.1:1/);
    } finally {
      tsa.state.mode = 'ok';
    }
  });
});
