import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';

/** The PKCS#12 (certificate and private key) that seals signed PDFs (docs/product.md#sealed-certificate). */
export interface SealKey {
  p12: Buffer;
  password: string;
}

const GENERATED_FILE = 'seal.p12';

/**
 * A self-signed sealing certificate (RSA 2048, SHA-256, ten years) made for this installation. The key is made
 * by Node's crypto (fast, native) and packed by node-forge into a PKCS#12 protected by a random password.
 */
export function generateSealKey(commonName = 'Aceite - selo de documentos', password = ''): SealKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgePrivate = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const forgePublic = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePublic;
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Aceite' },
    { name: 'countryName', value: 'PT' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forgePrivate, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(forgePrivate, [cert], password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password };
}

/**
 * The configured PKCS#12 (`SEAL_P12_PATH`, `SEAL_P12_PASSWORD`) or, without one, the installation's own, made
 * at first start and kept in DATA_DIR with mode 600 (docs/deployment.md). An unreadable configured file ends
 * the start-up with one sentence saying what to do.
 */
export async function resolveSealKey(opts: {
  dataDir: string;
  p12Path?: string;
  password?: string;
}): Promise<SealKey> {
  if (opts.p12Path) {
    try {
      return { p12: await readFile(opts.p12Path), password: opts.password ?? '' };
    } catch (error) {
      throw new Error(
        `Cannot read SEAL_P12_PATH ${path.resolve(opts.p12Path)} (${(error as NodeJS.ErrnoException).code}): point it at a readable PKCS#12 file.`,
      );
    }
  }
  const file = path.join(opts.dataDir, GENERATED_FILE);
  if (existsSync(file)) return { p12: await readFile(file), password: '' };
  await mkdir(opts.dataDir, { recursive: true });
  const key = generateSealKey();
  try {
    // Exclusive create: two processes starting together on one DATA_DIR keep the first one's key.
    await writeFile(file, key.p12, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { p12: await readFile(file), password: '' };
  }
}
