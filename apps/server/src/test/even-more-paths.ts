import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client.ts';
import { createUser, TEST_PASSWORD } from '@/test/factories.ts';
import { apiCaller, expectOk, type walkHotPaths } from '@/test/hot-paths.ts';
import { multipart } from '@/test/multipart.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/**
 * The third walk of the statement check (security/tenant-statements.test.ts), after `walkMorePaths` (which
 * opens the API and the plan's other features: the organization is on Enterprise by then): an API key created,
 * listed, used for one read and revoked; a superadmin's impersonation of a member, started, with one read,
 * stopped; an attachment uploaded to the walked proposal and downloaded by the member and by the client. Every
 * answer must be a success: it throws with the first that is not.
 */
export async function walkEvenMorePaths(
  app: FastifyInstance,
  db: Db,
  walked: Awaited<ReturnType<typeof walkHotPaths>>,
): Promise<void> {
  const callWith = (accessToken: string) => apiCaller(app, accessToken);
  const call = callWith(walked.accessToken);

  // An API key: created (its whole secret answered this once), listed, one read with it, revoked.
  const created = (await call('POST', '/settings/api-keys', { name: 'CRM', scope: 'read' })).json().data as {
    apiKey: { id: string };
    secret: string;
  };
  await call('GET', '/settings/api-keys');
  await callWith(created.secret)('GET', `/proposals/${walked.proposalId}`);
  await call('DELETE', `/settings/api-keys/${created.apiKey.id}`);

  // Impersonation: a superadmin signed in acts as the organization's manager, reads, and stops.
  const superadmin = await createUser(db, { role: 'superadmin' });
  const signIn = expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: superadmin.email, password: TEST_PASSWORD },
    }),
    'superadmin sign-in',
  );
  const asSuperadmin = callWith((signIn.json().data as { accessToken: string }).accessToken);
  const members = (await call('GET', '/users')).json().data as { id: string; role: string }[];
  const manager = members.find((m) => m.role === 'manager');
  if (!manager) throw new Error('the walked organization has no manager');
  const impersonating = callWith(
    (await asSuperadmin('POST', `/admin/impersonate/${manager.id}`)).json().data.accessToken as string,
  );
  await impersonating('GET', `/proposals/${walked.proposalId}`);
  await impersonating('POST', '/admin/stop-impersonate');

  // An attachment of the walked proposal, visible to the client: uploaded (multipart), then downloaded by the
  // member and, from the public page, by the client.
  const { payload, contentType } = multipart(
    { description: 'Orçamento detalhado', isVisibleToClient: 'true' },
    { name: 'orçamento.pdf', content: PDF, type: 'application/pdf' },
  );
  const uploaded = expectOk(
    await app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${walked.proposalId}/attachments`,
      headers: { authorization: `Bearer ${walked.accessToken}`, 'content-type': contentType },
      payload,
    }),
    'attachment upload',
  ).json().data as { id: string };
  await call('GET', `/proposals/${walked.proposalId}/attachments/${uploaded.id}/download`);
  expectOk(
    await app.inject({
      url: `/api/v1/public/proposals/${walked.publicToken}/attachments/${uploaded.id}/download`,
    }),
    'public attachment download',
  );
}
