import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client.ts';
import { answerCodes, emailOutbox, proposals } from '@/db/schema/index.ts';
import { shownVersion } from '@/test/answer-code.ts';
import { as, createUser } from '@/test/factories.ts';
import { apiCaller, expectOk, type walkHotPaths } from '@/test/hot-paths.ts';
import { startTestIdp } from '@/test/oidc-idp.ts';
import { startSamlIdp } from '@/test/saml-idp.ts';
import { startReceiver } from '@/test/webhook-receiver.ts';

/** The TXT records the walk publishes; the app reads them through `ssoResolveTxt` (see `moreTxtRecords`). */
const txt = new Map<string, string[][]>();

/** The DNS look-up of the app under the walk: answers what the walk published (no network). */
export async function moreTxtRecords(name: string): Promise<string[][]> {
  const records = txt.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return records;
}

/** Where the identity providers send the browser back: the test app's `appUrl` + /entrar/sso (sso.service.ts). */
const SSO_REDIRECT_URI = 'http://localhost:3000/entrar/sso';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * The paths beyond the everyday ones that the statement check (security/tenant-statements.test.ts) also walks,
 * after `walkHotPaths` and as the same organization: the superadmin's screens (users, one user, organizations, the
 * plan change to Enterprise that opens the rest), the Enterprise settings (custom domain, email sender, SSO by SAML
 * metadata, each verified through the published TXT record), the SSO sign-ins (SAML: the response posted to the
 * ACS, then the callback; the connection switched to OpenID Connect and its callback), webhooks (an endpoint, its
 * reads, a delivery by the worker), SEPA (the creditor, a one-off and a monthly proposal accepted with their
 * mandates and answer codes, the collections' export and its file, the pre-notification job, one debit returned
 * and one paid, a mandate revoked), the client's other answers on the public page (a question, a rejection, a
 * signature, the attachments), the evidence of an accepted proposal and a reminder really sent by the job.
 * The app must be built with `webhooks.allowPrivate` and `ssoResolveTxt: moreTxtRecords`. Every answer must be
 * a success: it throws with the first that is not.
 */
export async function walkMorePaths(
  app: FastifyInstance,
  db: Db,
  walked: Awaited<ReturnType<typeof walkHotPaths>>,
): Promise<void> {
  const call = apiCaller(app, walked.accessToken);
  // The client's answer with the emailed code (test/answer-code.ts's `answerAsClient`, with the code read
  // within the organization: this walk's own statements are checked too).
  const answerAsClient = async (token: string, action: string, payload: object) => {
    expectOk(await app.inject({ method: 'POST', url: `/api/v1/public/proposals/${token}/code` }), 'code');
    const [mail] = await db
      .select({ text: emailOutbox.text })
      .from(answerCodes)
      .innerJoin(
        emailOutbox,
        and(
          eq(emailOutbox.id, answerCodes.outboxId),
          eq(emailOutbox.organizationId, answerCodes.organizationId),
        ),
      )
      .where(eq(answerCodes.organizationId, walked.organizationId))
      .orderBy(desc(answerCodes.createdAt))
      .limit(1);
    const code = mail?.text.match(/^(\d{6})$/m)?.[1];
    if (!code) throw new Error('no answer code was emailed');
    return app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/${action}`,
      payload: { ...(await shownVersion({ app }, token)), ...payload, code },
    });
  };

  // The SSO sign-in of a verified domain: its start (the identity provider's URL) and its callback.
  const ssoStart = async (email: string) => {
    const res = expectOk(
      await app.inject({ method: 'POST', url: '/api/v1/auth/sso/start', payload: { email } }),
      'SSO start',
    );
    const started = res.json().data as { mode: string; authorizationUrl?: string };
    if (started.mode !== 'sso' || !started.authorizationUrl)
      throw new Error(`SSO did not start: ${res.body}`);
    return started.authorizationUrl;
  };
  const ssoCallback = async (query: string, what: string) =>
    expectOk(await app.inject({ url: `/api/v1/auth/sso/callback?${query}` }), `${what} callback`);

  // The superadmin: the lists, one user, and the organization's plan changed to Enterprise.
  const superadmin = as(app, await createUser(db, { role: 'superadmin' }));
  const asSuperadmin = async (method: 'GET' | 'PUT', url: string, payload?: object) =>
    expectOk(await superadmin(method, url, payload), `superadmin ${method} ${url}`);
  const [user] = (await asSuperadmin('GET', '/admin/users')).json().data.users as { id: string }[];
  if (!user) throw new Error('the superadmin lists no user');
  await asSuperadmin('GET', '/admin/organizations');
  await asSuperadmin('GET', '/admin/upgrade-requests');
  await asSuperadmin('GET', `/admin/users/${user.id}`);
  await asSuperadmin('PUT', `/admin/organizations/${walked.organizationId}/plan`, { plan: 'enterprise' });

  // The Enterprise settings, each verified through its TXT record.
  const domain = (await call('PUT', '/settings/custom-domain', { domain: 'propostas.walk.pt' })).json().data
    .domain;
  txt.set(domain.recordName, [[domain.recordValue]]);
  await call('POST', '/settings/custom-domain/verify');
  expectOk(await app.inject({ url: '/api/v1/tls/ask?domain=propostas.walk.pt' }), 'tls/ask');
  const sender = (
    await call('PUT', '/settings/email-sender', { name: 'Walk Lda', address: 'propostas@walk.pt' })
  ).json().data.sender;
  txt.set(sender.ownershipRecord.name, [[sender.ownershipRecord.value]]);
  txt.set(sender.dkimRecord.name, [
    [sender.dkimRecord.value.slice(0, 200), sender.dkimRecord.value.slice(200)],
  ]);
  await call('POST', '/settings/email-sender/verify');
  // SSO by SAML metadata (given as XML: no fetch), its domain verified, and a sign-in of that domain started.
  const idp = await startSamlIdp();
  try {
    const sso = (
      await call('PUT', '/settings/sso', {
        protocol: 'saml',
        samlMetadataXml: idp.metadataXml,
        domains: ['walk.pt'],
      })
    ).json().data;
    const record = sso.connection.domains[0];
    txt.set(record.recordName, [[record.recordValue]]);
    await call('POST', '/settings/sso/domains/walk.pt/verify');
    // The SAML sign-in: the IdP's signed response posted to the ACS, then the callback that opens the session
    // (a new member provisioned).
    idp.signInAs({ email: 'ana@walk.pt' });
    const answer = idp.respond(await ssoStart('ana@walk.pt'));
    const acs = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        SAMLResponse: answer.SAMLResponse,
        RelayState: answer.RelayState,
      }).toString(),
    });
    if (acs.statusCode !== 303) throw new Error(`SAML ACS: ${acs.statusCode} ${acs.body}`);
    await ssoCallback(new URL(String(acs.headers.location)).search.slice(1), 'SAML');
  } finally {
    await idp.close();
  }
  // The connection switched to OpenID Connect (the domain stays verified), and its sign-in: the provider's
  // code exchanged by the callback (the member SAML provisioned signs in again).
  const oidc = await startTestIdp(SSO_REDIRECT_URI);
  try {
    await call('PUT', '/settings/sso', {
      protocol: 'oidc',
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      domains: ['walk.pt'],
    });
    oidc.signInAs({ email: 'ana@walk.pt' });
    await ssoCallback(await oidc.authorize(await ssoStart('ana@walk.pt'), SSO_REDIRECT_URI), 'OIDC');
  } finally {
    await oidc.close();
  }

  // Webhooks: an endpoint and its reads; the worker delivers the events the answers below raise.
  const receiver = await startReceiver();
  try {
    const endpoint = (
      await call('POST', '/webhooks', {
        url: receiver.url,
        description: 'CRM',
        events: ['proposal.accepted', 'proposal.rejected'],
      })
    ).json().data as { id: string };
    await call('GET', `/webhooks/${endpoint.id}`);
    await call('GET', `/webhooks/${endpoint.id}/secret`);

    // SEPA: the creditor, then a proposal with a schedule accepted with the mandate.
    await call('PUT', '/settings/payments', {
      name: 'Walk Lda',
      creditorIdentifier: 'PT19ZZZ101148',
      iban: 'PT50002700000001234567833',
      bic: '',
      defaultPattern: 'oneOff',
      defaultInstalments: null,
    });
    const client = (await call('POST', '/clients', { name: 'Rui Costa', email: 'rui@costa.pt' })).json().data;
    const sent = async (extra: object = {}) => {
      const created = (
        await call('POST', '/proposals', {
          title: 'Avença',
          clientId: client.id,
          validUntil: '2099-06-30',
          content: { blocks: [], items: [{ name: 'Avença', quantity: 1, unitPrice: 100_000 }] },
          ...extra,
        })
      ).json().data as { id: string; publicToken: string };
      await call('POST', `/proposals/${created.id}/send`);
      return created;
    };
    const debited = await sent({
      sepa: { pattern: 'oneOff', instalments: null, firstCollectionDate: '2030-01-31' },
    });
    const token = debited.publicToken;
    const publicCall = async (method: 'GET' | 'POST', path: string, payload?: object) =>
      expectOk(
        await app.inject({ method, url: `/api/v1/public/proposals/${token}${path}`, payload }),
        `public ${method} ${path}`,
      );
    await publicCall('POST', '/views');
    await publicCall('GET', '/attachments');
    await publicCall('POST', '/messages', {
      kind: 'question',
      name: 'Rui Costa',
      email: 'rui@costa.pt',
      message: 'Inclui alojamento?',
    });
    expectOk(
      await answerAsClient(token, 'accept', {
        mandate: { debtorName: 'Rui Costa', iban: 'PT50000201231234567890154' },
      }),
      'accept with the mandate',
    );
    await call('GET', `/proposals/${debited.id}/evidence`);
    await call('GET', `/proposals/${debited.id}/messages`);
    // A monthly schedule accepted too: its first collection goes in the same file, the next ones stay due.
    const monthly = await sent({
      sepa: { pattern: 'monthly', instalments: 3, firstCollectionDate: '2030-01-31' },
    });
    expectOk(
      await answerAsClient(monthly.publicToken, 'accept', {
        mandate: { debtorName: 'Rui Costa', iban: 'PT50000201231234567890154' },
      }),
      'accept the monthly schedule with the mandate',
    );
    const exported = (
      await call('POST', '/payments/exports', { collectionDate: '2030-01-31', version: '001.08' })
    ).json().data as { id: string };
    await call('GET', `/payments/exports/${exported.id}/file`);
    // The hourly job announces the second instalment five days ahead (the debtor's pre-notification).
    const sepaJob = app as unknown as { sepaPreNotifications: { run(now: Date): Promise<number> } };
    if ((await sepaJob.sepaPreNotifications.run(new Date('2030-02-23T09:00:00Z'))) < 1) {
      throw new Error('no SEPA pre-notification was queued');
    }
    // What the bank answered, entered by hand (the app imports no return file): one debit returned with its
    // R-transaction reason, the other paid; then the monthly mandate revoked.
    const submitted = (await call('GET', '/payments/collections?status=submitted')).json().data as {
      id: string;
      proposalId: string;
      mandateId: string;
    }[];
    const returned = submitted.find((c) => c.proposalId === debited.id);
    const paid = submitted.find((c) => c.proposalId === monthly.id);
    if (!returned || !paid) throw new Error('the export did not submit both collections');
    await call('POST', `/payments/collections/${returned.id}/returned`, { reason: 'AM04' });
    await call('POST', `/payments/collections/${paid.id}/paid`);
    await call('POST', `/payments/mandates/${paid.mandateId}/revoke`);

    // The client's other answers: a rejection and a signature.
    expectOk(await answerAsClient((await sent()).publicToken, 'reject', { reason: 'Caro' }), 'reject');
    const signed = await sent();
    expectOk(
      await answerAsClient(signed.publicToken, 'sign', {
        signerName: 'Rui Costa',
        signerEmail: 'rui@costa.pt',
        signatureData: PNG_1X1,
      }),
      'sign',
    );

    // A reminder really due: a proposal sent (and never opened) ten days ago.
    const reminded = await sent();
    await db
      .update(proposals)
      .set({ sentAt: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000) })
      .where(and(eq(proposals.id, reminded.id), eq(proposals.organizationId, walked.organizationId)));
    const jobs = app as unknown as {
      webhookWorker: { drain(): Promise<unknown> };
      reminders: { run(): Promise<unknown> };
    };
    await jobs.reminders.run();
    await jobs.webhookWorker.drain();
    await call('GET', `/webhooks/${endpoint.id}/attempts`);
    if (receiver.received.length < 1) throw new Error('no webhook was delivered');
  } finally {
    await receiver.close();
  }
}
