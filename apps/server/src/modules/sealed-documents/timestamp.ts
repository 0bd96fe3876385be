import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { postBytes } from '@/lib/outbound-post.ts';
import { engine, toArrayBuffer } from './cms-signer.ts';

/** The timestamp authority the seal asks (SEAL_TSA_URL, docs/deployment.md#the-sealing-certificate). */
export interface TsaConfig {
  url: string;
  /** The whole exchange; default 10 s. */
  timeoutMs?: number;
}

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
/** A token with the TSA's chain is a few KB; anything near this is not a timestamp reply. */
const MAX_REPLY_BYTES = 64 * 1024;

/** The name by which the certificate page and the logs call the authority: its host, never the URL's credentials. */
export function tsaName(url: string): string {
  return new URL(url).host;
}

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))
    .toString('hex')
    .replace(/^(00)+/, '');

/**
 * An RFC 3161 timestamp token over `data` (the seal's signature value, for the CAdES signature-time-stamp of
 * PAdES baseline B-T): SHA-256 imprint, a random nonce, the TSA's certificate requested. The reply is checked
 * before it is used — granted, the token's signature verifies, its imprint and nonce are ours — and any failure
 * throws, so the seal job retries (docs/decisions.md, "Issue 33 — PAdES baseline B-T"). The TSA URL is the
 * operator's (like SMTP_URL or DATABASE_URL), so the SSRF guard does not apply; redirects are not followed.
 */
export async function requestTimestamp(tsa: TsaConfig, data: Uint8Array): Promise<pkijs.ContentInfo> {
  const name = tsaName(tsa.url);
  const imprint = createHash('sha256').update(data).digest();
  const nonce = randomBytes(8);
  // A positive INTEGER with no leading zero byte: DER-minimal as written, compared as is.
  nonce[0] = ((nonce[0] ?? 1) & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  });
  const reply = await postBytes(tsa.url, new Uint8Array(request.toSchema().toBER(false)), {
    contentType: 'application/timestamp-query',
    timeoutMs: tsa.timeoutMs ?? 10_000,
    allowPrivate: true,
    maxResponseBytes: MAX_REPLY_BYTES,
    userAgent: 'Aceite-Seal/1.0',
  });
  if (reply.status === null) throw new Error(`timestamp authority ${name}: ${reply.error}`);
  if (reply.status !== 200) throw new Error(`timestamp authority ${name} answered HTTP ${reply.status}`);
  if (reply.truncated) throw new Error(`timestamp authority ${name}: reply over ${MAX_REPLY_BYTES} bytes`);

  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(toArrayBuffer(reply.body));
  } catch {
    throw new Error(`timestamp authority ${name}: the reply is not an RFC 3161 TimeStampResp`);
  }
  const status = response.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ') ?? '';
    throw new Error(
      `timestamp authority ${name} refused the request (status ${status}${text ? `: ${text}` : ''})`,
    );
  }
  const token = response.timeStampToken;
  if (!token) throw new Error(`timestamp authority ${name}: granted without a token`);
  const signed = new pkijs.SignedData({ schema: token.content });
  const content = signed.encapContentInfo;
  if (content.eContentType !== TST_INFO || !content.eContent)
    throw new Error(`timestamp authority ${name}: the token holds no TSTInfo`);
  const info = pkijs.TSTInfo.fromBER(content.eContent.getValue());
  if (
    info.messageImprint.hashAlgorithm.algorithmId !== SHA256 ||
    hex(info.messageImprint.hashedMessage.valueBlock.valueHexView) !== hex(imprint)
  )
    throw new Error(`timestamp authority ${name}: the token's imprint is not the one requested`);
  if (!info.nonce || hex(info.nonce.valueBlock.valueHexView) !== hex(nonce))
    throw new Error(`timestamp authority ${name}: the token's nonce is not the one sent`);
  let verified = false;
  try {
    // The token's own signature by its TSA certificate (certReq asked for it), and pkijs's own imprint check
    // over the data; trust in the TSA is the verifier's, as for any PAdES B-T signature.
    verified = await signed.verify({ signer: 0, checkChain: false, data: toArrayBuffer(data) }, engine);
  } catch {
    verified = false;
  }
  if (!verified) throw new Error(`timestamp authority ${name}: the token's signature does not verify`);
  return token;
}
