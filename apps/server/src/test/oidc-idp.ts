import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider on loopback for the SSO tests (issue 40): the maintained `oidc-provider` package, one
 * client, and a tiny interaction handler that signs in whoever `signInAs` names (no forms to fill). Driven by
 * `authorize`, which follows the redirects with a cookie jar until the provider sends the browser back to the
 * app's redirect URI, and answers that URL's query.
 */

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next sign-in is: the email (also the account id) and whether it is verified. */
  signInAs(person: { email: string; givenName?: string; familyName?: string }): void;
  /** Follows the authorization URL through the provider; the query it sends back to `redirectUri`. */
  authorize(authorizationUrl: string, redirectUri: string): Promise<string>;
  /** How many times the discovery document was asked for (the relying party's cache). */
  discoveryReads(): number;
  close(): Promise<void>;
}

export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  let person = { email: '', givenName: 'Ana', familyName: 'Silva' };
  const clientId = 'aceite-test';
  const clientSecret = 'segredo-do-cliente-de-teste-0123456789';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['chave-dos-cookies-de-teste'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: sub,
        email_verified: true,
        given_name: person.givenName,
        family_name: person.familyName,
      }),
    }),
    // Consent is given once and for all: the test is about the relying party, not the provider's screens.
    loadExistingGrant: async (ctx: {
      oidc: {
        provider: { Grant: new (v: object) => Grant };
        client: { clientId: string };
        session: { accountId: string };
      };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  let discoveryReads = 0;
  server.on('request', async (req, res) => {
    if (req.url?.startsWith('/.well-known/openid-configuration')) discoveryReads++;
    if (req.url?.startsWith('/interaction/')) {
      try {
        await provider.interactionDetails(req, res);
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: person.email } },
          {
            mergeWithLastSubmission: false,
          },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
      return;
    }
    callback(req, res);
  });

  async function authorize(authorizationUrl: string, back: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (url.startsWith(back)) return new URL(url).search.slice(1);
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (p) => {
      person = { givenName: 'Ana', familyName: 'Silva', ...p };
    },
    authorize,
    discoveryReads: () => discoveryReads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
