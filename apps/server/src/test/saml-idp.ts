import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';

/*
 * A SAML 2.0 identity provider on loopback for the SSO tests (issue 40; docs/decisions.md, "Single sign-on (SAML
 * 2.0)"): its metadata at /metadata, and /sso, which answers the AuthnRequest of an HTTP-Redirect with a page
 * that posts the signed response to the ACS (what a real IdP does once the person signed in). The Response is
 * built here and signed with `xml-crypto` (the maintained XML-DSig library), so each test can break one thing on
 * purpose: another key, an edit after signing, no signature, another audience, recipient or InResponseTo.
 */

// Loaded without its type declarations, which pull the browser's DOM types into the server's build.
const { SignedXml } = createRequire(import.meta.url)('xml-crypto') as {
  SignedXml: new (options: {
    privateKey: string;
    publicCert?: string;
    signatureAlgorithm: string;
    canonicalizationAlgorithm: string;
  }) => {
    addReference(reference: { xpath: string; digestAlgorithm: string; transforms: string[] }): void;
    computeSignature(xml: string, options: { location: { reference: string; action: 'after' } }): void;
    getSignedXml(): string;
  };
};

export interface SamlPerson {
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface SamlResponseOptions {
  /** Sign with the IdP's key (default), another key, or not at all. */
  signWith?: 'idp' | 'other' | 'none';
  /** What is signed: the assertion (default) or the whole response. */
  signed?: 'assertion' | 'response';
  audience?: string;
  recipient?: string;
  destination?: string;
  /** null: an unsolicited response (no InResponseTo at all). */
  inResponseTo?: string | null;
  assertionId?: string;
  /** Applied to the signed XML (an attacker's edit after signing). */
  tamper?: (xml: string) => string;
}

export interface SamlAnswer {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string;
  requestId: string;
}

export interface SamlTestIdp {
  entityId: string;
  metadataUrl: string;
  metadataXml: string;
  signInAs(person: SamlPerson): void;
  /** The response to the AuthnRequest of this redirect URL, as the browser would post it to the ACS. */
  respond(authorizationUrl: string, options?: SamlResponseOptions): SamlAnswer;
  close(): Promise<void>;
}

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

function keyAndCertificate(commonName: string): { privateKey: string; certificate: string; der: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer([{ name: 'commonName', value: commonName }]);
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(pem), forge.md.sha256.create());
  const certificate = forge.pki.certificateToPem(cert);
  const der = forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes());
  return { privateKey: pem, certificate, der };
}

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The AuthnRequest an HTTP-Redirect URL carries: its ID, ACS and issuer (our entity id). */
export function readAuthnRequest(authorizationUrl: string): {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
} {
  const url = new URL(authorizationUrl);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString();
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
  const issuer = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(xml)?.[1];
  if (!id || !acsUrl || !issuer) throw new Error(`not an AuthnRequest: ${xml}`);
  return { id, acsUrl, issuer, relayState: url.searchParams.get('RelayState') ?? '' };
}

export async function startSamlIdp(): Promise<SamlTestIdp> {
  const idpKey = keyAndCertificate('IdP de teste');
  const otherKey = keyAndCertificate('Outra chave');
  let person: SamlPerson = { email: '', firstName: 'Ana', lastName: 'Silva' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/entidade`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${idpKey.der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/sso-post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function respond(authorizationUrl: string, options: SamlResponseOptions = {}): SamlAnswer {
    const request = readAuthnRequest(authorizationUrl);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const inResponseTo = options.inResponseTo === undefined ? request.id : options.inResponseTo;
    const irt = inResponseTo === null ? '' : ` InResponseTo="${esc(inResponseTo)}"`;
    const recipient = options.recipient ?? request.acsUrl;
    const destination = options.destination ?? request.acsUrl;
    const audience = options.audience ?? request.issuer;
    const assertionId = options.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
    const email = esc(person.email);
    const attribute = (name: string, value: string | undefined) =>
      value
        ? `<saml:Attribute Name="${name}"><saml:AttributeValue>${esc(value)}</saml:AttributeValue></saml:Attribute>`
        : '';
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${esc(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${email}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${iso(now + 5 * 60_000)}" Recipient="${esc(recipient)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${iso(now + 5 * 60_000)}"><saml:AudienceRestriction><saml:Audience>${esc(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('email', person.email)}${attribute('firstName', person.firstName)}${attribute('lastName', person.lastName)}</saml:AttributeStatement></saml:Assertion>`;
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(destination)}"${irt}><saml:Issuer>${esc(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    let xml = response;
    if (options.signWith !== 'none') {
      const key = options.signWith === 'other' ? otherKey : idpKey;
      const target =
        options.signed === 'response' ? "/*[local-name(.)='Response']" : "//*[local-name(.)='Assertion']";
      const signer = new SignedXml({
        privateKey: key.privateKey,
        publicCert: key.certificate,
        signatureAlgorithm: RSA_SHA256,
        canonicalizationAlgorithm: EXC_C14N,
      });
      signer.addReference({ xpath: target, digestAlgorithm: SHA256, transforms: [ENVELOPED, EXC_C14N] });
      signer.computeSignature(response, {
        location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' },
      });
      xml = signer.getSignedXml();
    }
    if (options.tamper) xml = options.tamper(xml);
    return {
      acsUrl: request.acsUrl,
      SAMLResponse: Buffer.from(xml).toString('base64'),
      RelayState: request.relayState,
      requestId: request.id,
    };
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadataXml);
      return;
    }
    if (url.pathname === '/sso') {
      // The person is signed in at once; the page posts the response to the ACS, as an IdP's page does.
      const answer = respond(url.href);
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="pt"><body><form method="post" action="${esc(answer.acsUrl)}">` +
            `<input type="hidden" name="SAMLResponse" value="${answer.SAMLResponse}">` +
            `<input type="hidden" name="RelayState" value="${esc(answer.RelayState)}">` +
            `<noscript><button>Continuar</button></noscript></form>` +
            '<script>document.forms[0].submit()</script></body></html>',
        );
      return;
    }
    res.writeHead(404).end();
  });

  return {
    entityId,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    signInAs: (next) => {
      person = { firstName: 'Ana', lastName: 'Silva', ...next };
    },
    respond,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
