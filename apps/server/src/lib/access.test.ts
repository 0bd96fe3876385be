import { MESSAGES } from '@aceite/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  assertCan,
  assertCanAssignProposal,
  assertCanDeleteAttachment,
  assertCanDeleteProposal,
  assertCanEditComment,
  assertCanManageProposal,
  assertCanWriteTemplate,
  assertPlatformAdmin,
  requireAuth,
} from './access.ts';
import { AppError } from './app-error.ts';

/** The error a check throws, or null when it lets the caller through. */
function refusal(check: () => void): { code: string; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message };
  }
}

const forbidden = { code: 'FORBIDDEN', message: MESSAGES.forbidden };
const me = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';

describe('lib/access: the shared policies as 403s with the messages the API has always used', () => {
  it('assertCan takes a role or an actor, and an optional message', () => {
    expect(refusal(() => assertCan('sales', 'client:write'))).toBeNull();
    expect(refusal(() => assertCan({ role: 'viewer' }, 'client:write'))).toEqual(forbidden);
    expect(refusal(() => assertCan('sales', 'proposal:approve', MESSAGES.proposalApproveForbidden))).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.proposalApproveForbidden,
    });
  });

  it('proposals: sales their own, managers any, viewers none; assigning is a manager’s', () => {
    expect(refusal(() => assertCanManageProposal({ userId: me, role: 'sales' }, me))).toBeNull();
    expect(refusal(() => assertCanManageProposal({ userId: me, role: 'sales' }, other))).toEqual(forbidden);
    expect(refusal(() => assertCanManageProposal({ userId: me, role: 'manager' }, other))).toBeNull();
    expect(refusal(() => assertCanManageProposal({ userId: me, role: 'viewer' }, me))).toEqual(forbidden);
    expect(refusal(() => assertCanAssignProposal({ role: 'sales' }))).toEqual(forbidden);
    expect(refusal(() => assertCanAssignProposal({ role: 'manager' }))).toBeNull();
  });

  it('an answered proposal is removed by an admin only, with its own message', () => {
    expect(refusal(() => assertCanDeleteProposal({ userId: me, role: 'admin' }, other, true))).toBeNull();
    expect(refusal(() => assertCanDeleteProposal({ userId: me, role: 'manager' }, other, true))).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.answeredProposalAdminOnly,
    });
    expect(refusal(() => assertCanDeleteProposal({ userId: me, role: 'manager' }, other, false))).toBeNull();
    // Someone who may not manage it at all gets the general refusal first.
    expect(refusal(() => assertCanDeleteProposal({ userId: me, role: 'sales' }, other, true))).toEqual(
      forbidden,
    );
  });

  it('attachments: an admin or the uploader; comments: the author only', () => {
    expect(refusal(() => assertCanDeleteAttachment({ userId: me, role: 'admin' }, other))).toBeNull();
    expect(refusal(() => assertCanDeleteAttachment({ userId: me, role: 'viewer' }, me))).toBeNull();
    expect(refusal(() => assertCanDeleteAttachment({ userId: me, role: 'manager' }, other))).toEqual(
      forbidden,
    );
    expect(refusal(() => assertCanDeleteAttachment({ userId: me, role: 'manager' }, null))).toEqual(
      forbidden,
    );
    expect(refusal(() => assertCanEditComment({ userId: me, role: 'sales' }, me))).toBeNull();
    expect(refusal(() => assertCanEditComment({ userId: me, role: 'admin' }, other))).toEqual(forbidden);
  });

  it('templates: global ones read-only to an organization (own message), written by the platform admin', () => {
    expect(refusal(() => assertCanWriteTemplate({ role: 'manager' }, false))).toBeNull();
    expect(refusal(() => assertCanWriteTemplate({ role: 'sales' }, false))).toEqual(forbidden);
    expect(refusal(() => assertCanWriteTemplate({ role: 'manager' }, true))).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.globalTemplateReadOnly,
    });
    expect(refusal(() => assertCanWriteTemplate({ role: 'sales' }, true))).toEqual(forbidden);
    expect(refusal(() => assertCanWriteTemplate({ role: 'superadmin' }, true))).toBeNull();
  });

  it('the admin area: a superadmin, never through impersonation', () => {
    expect(refusal(() => assertPlatformAdmin({ role: 'superadmin' }))).toBeNull();
    expect(refusal(() => assertPlatformAdmin({ role: 'superadmin', impersonatorId: other }))).toEqual(
      forbidden,
    );
    expect(refusal(() => assertPlatformAdmin({ role: 'admin' }))).toEqual(forbidden);
  });

  it('requireAuth answers 401 without a verified caller', () => {
    expect(refusal(() => requireAuth({ auth: null }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: MESSAGES.notAuthenticated,
    });
  });
});
