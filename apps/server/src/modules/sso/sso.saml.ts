import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { postBytes } from '@/lib/outbound-post.ts';
import { checkOutboundUrl, type OutboundPolicy } from '@/lib/ssrf-guard.ts';

/*
 * SAML 2.0 for the single sign-on (issue 40, docs/product.md#single-sign-on; docs/decisions.md, "Single sign-on
 * (SAML 2.0)"): the identity provider's metadata read into what the sign-in needs, our service provider's
 * metadata, the AuthnRequest (HTTP-Redirect binding) and the checks of the response posted to the ACS.
 * `@node-saml/node-saml` (the maintained SP library) checks the XML signature (response or assertion: one is
 * required), the InResponseTo, the time conditions and the audience when the assertion has conditions; the
 * checks it leaves out (an audience required, the recipient and destination being our ACS, the assertion's
 * issuer) are done here on the one assertion it verified.
 */

const TIMEOUT_MS = 10_000;
const MAX_METADATA_BYTES = 512 * 1024;
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const CLOCK_SKEW_MS = 60_000;

export class SamlMetadataError extends Error {
  constructor(public readonly kind: 'invalid' | 'unreachable') {
    super(`saml metadata ${kind}`);
    this.name = 'SamlMetadataError';
  }
}

/** A response refused; `kind` picks the person's message (the reason itself goes to the log only). */
export class SamlResponseError extends Error {
  constructor(
    public readonly kind: 'invalid' | 'unsolicited',
    reason: string,
  ) {
    super(`saml response refused: ${reason}`);
    this.name = 'SamlResponseError';
  }
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** base64 DER, whitespace removed. */
  certificates: string[];
}

/*
 * The DOM of @xmldom/xmldom (node-saml's own parser), loaded without its type declarations: they pull the
 * browser's DOM types into the whole server build (`/// <reference lib="dom" />`), which clash with node's.
 * The few members used are typed here.
 */
interface XmlElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}
interface XmlDocument {
  readonly documentElement: XmlElement | null;
}
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: {
    errorHandler: (level: string, message: unknown) => void;
  }) => { parseFromString(xml: string, type: string): XmlDocument };
};

const NS = {
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
} as const;
type Step = `${keyof typeof NS}:${string}`;

function parseXml(xml: string): XmlElement | null {
  // No DTDs: metadata and responses never need one, and entity expansion is an attack.
  if (/<!DOCTYPE/i.test(xml)) return null;
  let failed = false;
  const doc = new DOMParser({
    errorHandler: (level) => {
      if (level !== 'warning') failed = true;
    },
  }).parseFromString(xml, 'text/xml');
  return failed ? null : (doc?.documentElement ?? null);
}

function isElement(node: XmlElement, step: Step): boolean {
  const [prefix, name] = step.split(':') as [keyof typeof NS, string];
  return node.nodeType === 1 && node.localName === name && node.namespaceURI === NS[prefix];
}

/** The children of `nodes` matching each step in turn (a namespace-aware child path, like XPath's `a/b/c`). */
function path(nodes: XmlElement[], ...steps: Step[]): XmlElement[] {
  let current = nodes;
  for (const step of steps)
    current = current.flatMap((node) =>
      Array.from(node.childNodes).filter((child) => isElement(child, step)),
    );
  return current;
}

function attr(node: XmlElement | undefined, name: string): string | undefined {
  const value = node?.hasAttribute(name) ? node.getAttribute(name)?.trim() : undefined;
  return value || undefined;
}

function texts(nodes: XmlElement[]): string[] {
  return nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean);
}

/** Reads an EntityDescriptor (or the first IdP of an EntitiesDescriptor): entity id, SSO URL, signing certs. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const root = parseXml(xml);
  if (!root) throw new SamlMetadataError('invalid');
  const entities = isElement(root, 'md:EntitiesDescriptor') ? path([root], 'md:EntityDescriptor') : [root];
  const entity = entities.find(
    (e) => isElement(e, 'md:EntityDescriptor') && path([e], 'md:IDPSSODescriptor').length > 0,
  );
  if (!entity) throw new SamlMetadataError('invalid');
  const entityId = attr(entity, 'entityID');
  const idp = path([entity], 'md:IDPSSODescriptor');
  const ssoUrl = attr(
    path(idp, 'md:SingleSignOnService').find((s) => attr(s, 'Binding') === REDIRECT_BINDING),
    'Location',
  );
  const signingKeys = path(idp, 'md:KeyDescriptor').filter(
    (k) => (attr(k, 'use') ?? 'signing') === 'signing',
  );
  const certificates = [
    ...new Set(
      texts(path(signingKeys, 'ds:KeyInfo', 'ds:X509Data', 'ds:X509Certificate')).map((c) =>
        c.replace(/\s+/g, ''),
      ),
    ),
  ].filter((c) => /^[A-Za-z0-9+/]+=*$/.test(c));
  if (!entityId || entityId.length > 500 || !ssoUrl || certificates.length === 0)
    throw new SamlMetadataError('invalid');
  try {
    const url = new URL(ssoUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
  } catch {
    throw new SamlMetadataError('invalid');
  }
  return { entityId, ssoUrl, certificates: certificates.slice(0, 5) };
}

/** Reads the metadata at an address the organization gave, through the SSRF guard (as the OIDC issuer). */
export async function fetchIdpMetadata(url: string, policy: OutboundPolicy): Promise<IdpMetadata> {
  const check = await checkOutboundUrl(url, policy);
  if (!check.ok) throw new SamlMetadataError('unreachable');
  const result = await postBytes(url, Buffer.alloc(0), {
    method: 'GET',
    contentType: 'application/xml',
    timeoutMs: TIMEOUT_MS,
    allowPrivate: policy.allowPrivate,
    allowedPorts: policy.allowedPorts,
    maxResponseBytes: MAX_METADATA_BYTES,
    userAgent: 'Aceite-SSO/1.0',
  });
  if (result.status === null || result.status >= 400) throw new SamlMetadataError('unreachable');
  if (result.truncated) throw new SamlMetadataError('invalid');
  return parseIdpMetadata(result.body.toString('utf8'));
}

export function certificateFingerprint(base64Der: string): string {
  const hex = createHash('sha256').update(Buffer.from(base64Der, 'base64')).digest('hex').toUpperCase();
  return hex.match(/../g)?.join(':') ?? hex;
}

function pem(base64Der: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64Der.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----`;
}

export interface SpEndpoints {
  entityId: string;
  acsUrl: string;
}

/** Our service provider's names: one entity id per organization (its metadata's address), one ACS for all. */
export function spEndpointsOf(appUrl: string, organizationId: string): SpEndpoints & { metadataUrl: string } {
  const base = `${appUrl.replace(/\/$/, '')}/api/v1/auth/sso/saml`;
  const metadataUrl = `${base}/${organizationId}/metadata`;
  return { entityId: metadataUrl, acsUrl: `${base}/acs`, metadataUrl };
}

/**
 * A node-saml instance for one organization and, when validating, one request: its cache of request IDs holds
 * only the AuthnRequest the flow issued (kept in PostgreSQL, sso_flows), so an InResponseTo other than it fails.
 */
function samlFor(
  sp: SpEndpoints,
  idp: { entityId: string; ssoUrl: string; certificates: string[] },
  requestIds: Map<string, string>,
): SAML {
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    entryPoint: idp.ssoUrl,
    idpCert: idp.certificates.map(pem),
    idpIssuer: idp.entityId,
    // One of the two signatures is required (node-saml refuses a response with neither).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    generateUniqueId: () => `_${randomBytes(20).toString('hex')}`,
    cacheProvider: {
      saveAsync: async (key, value) => {
        requestIds.set(key, value);
        return { value, createdAt: Date.now() };
      },
      getAsync: async (key) => requestIds.get(key) ?? null,
      removeAsync: async (key) => {
        const value = key ? (requestIds.get(key) ?? null) : null;
        if (key) requestIds.delete(key);
        return value;
      },
    },
  });
}

/** Our SP metadata (unsigned; no encryption key: assertions come signed, not encrypted). */
export function spMetadataXml(sp: SpEndpoints): string {
  return samlFor(
    sp,
    { entityId: '', ssoUrl: 'https://idp.invalid/', certificates: [] },
    new Map(),
  ).generateServiceProviderMetadata(null);
}

/** The AuthnRequest as an HTTP-Redirect URL to the IdP, and its ID (the InResponseTo to expect). */
export async function authnRequestUrl(
  sp: SpEndpoints,
  idp: IdpMetadata,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  const ids = new Map<string, string>();
  const url = await samlFor(sp, idp, ids).getAuthorizeUrlAsync(relayState, undefined, {});
  const [requestId] = [...ids.keys()];
  if (!requestId) throw new Error('node-saml issued no request id');
  return { url, requestId };
}

export interface AcceptedAssertion {
  assertionId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  /** Until when the assertion could be presented (for the replay list). */
  expiresAt: Date;
}

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const FIRST_NAME_ATTRIBUTES = [
  'firstName',
  'givenName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const LAST_NAME_ATTRIBUTES = [
  'lastName',
  'sn',
  'surname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];

function firstText(profile: Record<string, unknown>, names: string[]): string | undefined {
  for (const name of names) {
    const value = profile[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 320);
  }
  return undefined;
}

/**
 * Checks the response posted to the ACS for the flow that issued `requestId`; answers the person it names.
 * Throws SamlResponseError for anything refused.
 */
export async function validateSamlResponse(
  sp: SpEndpoints,
  idp: IdpMetadata,
  requestId: string,
  samlResponse: string,
  at: Date,
): Promise<AcceptedAssertion> {
  const ids = new Map([[requestId, at.toISOString()]]);
  let profile: Record<string, unknown> | null;
  try {
    ({ profile } = await samlFor(sp, idp, ids).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SamlResponseError(/InResponseTo/i.test(reason) ? 'unsolicited' : 'invalid', reason);
  }
  if (!profile) throw new SamlResponseError('invalid', 'no assertion');
  const response = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8'));
  const assertionXml = typeof profile.getAssertionXml === 'function' ? String(profile.getAssertionXml()) : '';
  const assertion = parseXml(assertionXml);
  if (!response || !assertion || !isElement(assertion, 'saml:Assertion'))
    throw new SamlResponseError('invalid', 'unparsable');
  // Destination: optional in SAML, but when the response names one it must be our ACS.
  const destination = attr(response, 'Destination');
  if (destination !== undefined && destination !== sp.acsUrl)
    throw new SamlResponseError('invalid', `destination ${destination}`);
  // The rest is read from the signed assertion node-saml answered, never from the unsigned envelope.
  const issuer = texts(path([assertion], 'saml:Issuer'))[0];
  if (issuer !== idp.entityId) throw new SamlResponseError('invalid', `issuer ${issuer}`);
  const conditions = path([assertion], 'saml:Conditions');
  const audiences = texts(path(conditions, 'saml:AudienceRestriction', 'saml:Audience'));
  if (!audiences.includes(sp.entityId)) throw new SamlResponseError('invalid', 'audience');
  const confirmations = path([assertion], 'saml:Subject', 'saml:SubjectConfirmation')
    .filter((c) => attr(c, 'Method') === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .flatMap((c) => path([c], 'saml:SubjectConfirmationData'));
  const recipients = confirmations.map((c) => attr(c, 'Recipient') ?? '');
  if (recipients.length === 0 || recipients.some((r) => r !== sp.acsUrl))
    throw new SamlResponseError('invalid', `recipient ${recipients.join(',')}`);
  const assertionId = attr(assertion, 'ID');
  if (!assertionId) throw new SamlResponseError('invalid', 'no assertion id');
  const notOnOrAfter = [...conditions, ...confirmations]
    .map((node) => attr(node, 'NotOnOrAfter') ?? '')
    .map((v) => Date.parse(v))
    .filter((v) => Number.isFinite(v));
  // Kept at least as long as a flow lives, at most a day (a flow, hence an InResponseTo, lives ten minutes).
  const until = Math.min(
    Math.max(...notOnOrAfter, at.getTime() + 10 * 60_000) + CLOCK_SKEW_MS,
    at.getTime() + 24 * 3_600_000,
  );
  const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
  const email = (firstText(profile, EMAIL_ATTRIBUTES) ?? (nameId.includes('@') ? nameId : '')).toLowerCase();
  return {
    assertionId,
    email,
    firstName: firstText(profile, FIRST_NAME_ATTRIBUTES),
    lastName: firstText(profile, LAST_NAME_ATTRIBUTES),
    expiresAt: new Date(until),
  };
}
