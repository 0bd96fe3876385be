import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client.ts';
import { AccessTokens } from './jwt.ts';
import { NO_VIEWER, optionalViewer } from './public-viewer.ts';
import { personOf, systemActor } from './tenant-scope.ts';

const tokens = new AccessTokens('a-test-secret-of-32-characters!!!');
const claims = (role: 'sales' | 'superadmin', organizationId: string | null, impersonatorId?: string) => ({
  userId: '00000000-0000-4000-8000-000000000001',
  organizationId,
  role,
  sessionId: '00000000-0000-4000-8000-000000000002',
  impersonatorId,
});
const bearer = async (c: ReturnType<typeof claims>, ttl?: number) => `Bearer ${await tokens.sign(c, ttl)}`;

describe('optionalViewer: the one reader of a public caller', () => {
  it('no header, an empty bearer or another scheme: the client', async () => {
    expect(await optionalViewer(undefined, tokens)).toEqual(NO_VIEWER);
    expect(await optionalViewer('Bearer ', tokens)).toEqual(NO_VIEWER);
    expect(await optionalViewer('Basic abc', tokens)).toEqual(NO_VIEWER);
  });

  it('a member’s token, even expired: their organization', async () => {
    expect(await optionalViewer(await bearer(claims('sales', 'org-1'), -3600), tokens)).toEqual({
      organizationId: 'org-1',
      platform: false,
    });
  });

  it('a superadmin’s or an impersonation token: the platform', async () => {
    expect((await optionalViewer(await bearer(claims('superadmin', null)), tokens)).platform).toBe(true);
    const impersonating = await optionalViewer(await bearer(claims('sales', 'org-1', 'admin-9')), tokens);
    expect(impersonating).toEqual({ organizationId: 'org-1', platform: true });
  });

  it('a token signed with another key: nobody', async () => {
    const forged = await new AccessTokens('another-secret-of-32-characters!!').sign(claims('sales', 'org-1'));
    expect(await optionalViewer(`Bearer ${forged}`, tokens)).toEqual(NO_VIEWER);
  });

  it('an API key: refused with the 403 of a refused area, as the auth plugin does', async () => {
    await expect(optionalViewer('Bearer ak_whatever', tokens)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: API_KEY_MESSAGES.areaRefused,
    });
  });
});

describe('systemActor', () => {
  it('is the organization acting: an admin’s view, no person, nothing attributed', () => {
    const db = {} as Db;
    const actor = systemActor(db, 'org-1');
    expect(actor).toMatchObject({ db, organizationId: 'org-1', role: 'admin' });
    expect(actor.apiKey).toBeUndefined();
    expect(personOf(actor)).toBeNull();
    expect(personOf({ userId: 'u-1' })).toBe('u-1');
    expect(personOf({ userId: 'k-1', apiKey: { id: 'k-1', createdBy: null } })).toBeNull();
  });
});
