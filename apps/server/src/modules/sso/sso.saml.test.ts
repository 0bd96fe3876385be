import { describe, expect, it } from 'vitest';
import { certificateFingerprint, parseIdpMetadata, SamlMetadataError } from './sso.saml.ts';

/* The IdP metadata reader (docs/product.md#single-sign-on): what real metadata looks like, and what is refused. */

const CERT = 'MIIBdGVzdGUtYXNzaW5hdHVyYQ==';
const ENC_CERT = 'MIIBZW5jcmlwdGFjYW8=';

function entity(inner: string, entityId = 'https://idp.empresa.pt/entidade') {
  return `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">${inner}</md:EntityDescriptor>`;
}

const IDP = `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
  <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${ENC_CERT}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
  <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
    ${CERT.slice(0, 10)}
    ${CERT.slice(10)}
  </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
  <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.empresa.pt/post"/>
  <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.empresa.pt/redirect"/>
</md:IDPSSODescriptor>`;

describe('parseIdpMetadata', () => {
  it('reads the entity id, the HTTP-Redirect SSO URL and the signing certificates (not the encryption one)', () => {
    expect(parseIdpMetadata(entity(IDP))).toEqual({
      entityId: 'https://idp.empresa.pt/entidade',
      ssoUrl: 'https://idp.empresa.pt/redirect',
      certificates: [CERT],
    });
  });

  it('finds the IdP inside an EntitiesDescriptor (a federation or an SP listed first)', () => {
    const xml = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${entity('<md:SPSSODescriptor protocolSupportEnumeration="x"/>', 'https://sp')}${entity(IDP)}</md:EntitiesDescriptor>`;
    expect(parseIdpMetadata(xml).entityId).toBe('https://idp.empresa.pt/entidade');
  });

  it.each([
    ['not XML', 'olá'],
    ['a DTD', `<!DOCTYPE x [<!ENTITY e "x">]>${entity(IDP)}`],
    ['no IdP', entity('<md:SPSSODescriptor protocolSupportEnumeration="x"/>')],
    ['no HTTP-Redirect SSO', entity(IDP.replace(/HTTP-Redirect/, 'SOAP'))],
    ['no signing certificate', entity(IDP.replace('use="signing"', 'use="encryption"'))],
    ['another namespace', entity(IDP).replaceAll('urn:oasis:names:tc:SAML:2.0:metadata', 'urn:outro')],
    [
      'an SSO URL that is not http(s)',
      entity(IDP.replace('https://idp.empresa.pt/redirect', 'javascript:alert(1)')),
    ],
  ])('refuses %s', (_, xml) => {
    expect(() => parseIdpMetadata(xml)).toThrow(SamlMetadataError);
  });

  it('fingerprints a certificate as colon-separated SHA-256', () => {
    expect(certificateFingerprint(CERT)).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });
});
