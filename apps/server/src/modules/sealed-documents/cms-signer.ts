import { createHash, createPrivateKey, webcrypto } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import type { SealKey } from '@/lib/seal-key.ts';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  /** RFC 5035 ESS signing-certificate-v2: required by PAdES baseline B-B (ETSI EN 319 142-1, 5.2.2). */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  /** RFC 3161 token over the signature value, unsigned: what makes the seal PAdES baseline B-T (RFC 5126 6.1.1). */
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/** A signature timestamp for the SignerInfo's signature value (timestamp.ts asks the configured TSA). */
export type Timestamper = (signatureValue: Uint8Array) => Promise<pkijs.ContentInfo>;

/** Node's WebCrypto is the engine (the server is typed without the DOM library that names its type). */
type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
export const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto });

export const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The sealing certificate (DER) and its private key, read from the PKCS#12 (node-forge reads the container). */
export function openSealKey(key: SealKey): { certificateDer: Buffer; privateKeyPkcs8: Buffer } {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(key.p12.toString('binary'))),
    false,
    key.password,
  );
  const bag = (type: string) => p12.getBags({ bagType: type })[type]?.[0];
  const keyBag = bag(forge.pki.oids.pkcs8ShroudedKeyBag as string) ?? bag(forge.pki.oids.keyBag as string);
  const certBag = bag(forge.pki.oids.certBag as string);
  if (!keyBag?.key || !certBag?.cert)
    throw new Error('The sealing PKCS#12 holds no private key and certificate');
  const certificateDer = Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(certBag.cert)).getBytes(),
    'binary',
  );
  // Any key forge reads (PKCS#1 RSA) is handed to Node's crypto as PKCS#8 for WebCrypto.
  const privateKeyPkcs8 = createPrivateKey(forge.pki.privateKeyToPem(keyBag.key)).export({
    type: 'pkcs8',
    format: 'der',
  });
  return { certificateDer, privateKeyPkcs8 };
}

/**
 * The opened keys, by PKCS#12 and password: opening one is ~100 ms of pure JavaScript (node-forge's
 * password-based decryption), a third of a seal, and a process seals with one key (docs/decisions.md, "Issue 41
 * — sealing off the event loop"). Only a key that opened is kept; a few at most (tests make many).
 */
const openedKeys = new Map<string, ReturnType<typeof openSealKey>>();
function openedSealKey(key: SealKey): ReturnType<typeof openSealKey> {
  const id = createHash('sha256').update(key.p12).update('\0').update(key.password).digest('hex');
  let opened = openedKeys.get(id);
  if (!opened) {
    opened = openSealKey(key);
    if (openedKeys.size >= 4) openedKeys.clear();
    openedKeys.set(id, opened);
  }
  return opened;
}

/** ESS signing-certificate-v2 (RFC 5035): the certificate's SHA-256 (the default hash, so omitted) and issuerSerial. */
function signingCertificateV2(certificate: pkijs.Certificate, certificateDer: Buffer): asn1js.Sequence {
  const certHash = createHash('sha256').update(certificateDer).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({
        names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
      }).toSchema(),
      certificate.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/**
 * The CMS of a PAdES baseline seal (docs/decisions.md, "PAdES B-B signed attributes: pkijs + asn1js." and
 * "Issue 33 — PAdES baseline B-T"): detached SignedData over the PDF's byte ranges, SHA-256 with RSA, the
 * certificate embedded and, as signed attributes, content-type, message-digest and signing-certificate-v2 —
 * no signing-time, which ETSI EN 319 142-1 forbids in PAdES baseline (the time is the signature dictionary's
 * /M). With a timestamper, the signature value is timestamped and the token added as the unsigned
 * signature-time-stamp attribute (B-T). Built with pkijs/asn1js; node-forge only opens the PKCS#12.
 */
export class CadesSigner extends Signer {
  readonly #key: SealKey;
  readonly #timestamp: Timestamper | undefined;

  constructor(key: SealKey, timestamp?: Timestamper) {
    super();
    this.#key = key;
    this.#timestamp = timestamp;
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const { certificateDer, privateKeyPkcs8 } = openedSealKey(this.#key);
    const certificate = pkijs.Certificate.fromBER(toArrayBuffer(certificateDer));
    const privateKey = await webcrypto.subtle.importKey(
      'pkcs8',
      toArrayBuffer(privateKeyPkcs8),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const digest = createHash('sha256').update(pdfBuffer).digest();
    const attributes = [
      new pkijs.Attribute({
        type: OID.contentType,
        values: [new asn1js.ObjectIdentifier({ value: OID.data })],
      }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: toArrayBuffer(digest) })],
      }),
      new pkijs.Attribute({
        type: OID.signingCertificateV2,
        values: [signingCertificateV2(certificate, certificateDer)],
      }),
    ];
    // DER orders a SET OF by its members' encodings; verifiers (openssl) re-encode it before checking.
    const encoded = (a: pkijs.Attribute) => Buffer.from(a.toSchema().toBER(false));
    attributes.sort((a, b) => Buffer.compare(encoded(a), encoded(b)));
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: certificate.issuer,
            serialNumber: certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
        }),
      ],
      certificates: [certificate],
    });
    await signedData.sign(privateKey, 0, 'SHA-256', undefined, engine);
    const signerInfo = signedData.signerInfos[0];
    if (this.#timestamp && signerInfo) {
      const token = await this.#timestamp(new Uint8Array(signerInfo.signature.valueBlock.valueHexView));
      signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [token.toSchema()] })],
      });
    }
    const contentInfo = new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}
