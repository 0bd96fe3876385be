// oidc-provider ships no types; the tests' local identity provider (src/test/oidc-idp.ts) is all that uses it.
declare module 'oidc-provider';
