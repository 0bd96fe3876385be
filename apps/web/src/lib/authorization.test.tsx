import type { Role } from '@aceite/shared/permissions';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser } from '@/test/fixtures';
import { useActor, useAuthorization, useCan } from './authorization';

const ME = '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01';
const COLLEAGUE = '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02';

/** Tokens only: the state after a reload before `/auth/me` has answered, or a storage without the user. */
function tokensOnly() {
  localStorage.setItem('accessToken', 'a');
  localStorage.setItem('refreshToken', 'r');
  localStorage.removeItem('user');
  syncAuthFromStorage();
}

function signInAs(role: Role) {
  localStorage.setItem('accessToken', 'a');
  localStorage.setItem('refreshToken', 'r');
  localStorage.setItem('user', JSON.stringify(buildUser({ id: ME, role })));
  syncAuthFromStorage();
}

afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
});

describe('while the user is loading', () => {
  it('has no actor, and every answer is undefined (neither allowed nor refused)', () => {
    tokensOnly();
    const actor = renderHook(() => useActor());
    const canCreate = renderHook(() => useCan('proposal:create'));
    const authorization = renderHook(() => useAuthorization());
    expect(actor.result.current).toBeUndefined();
    expect(canCreate.result.current).toBeUndefined();
    expect(authorization.result.current.actor).toBeUndefined();
    expect(authorization.result.current.can('client:write')).toBeUndefined();
    expect(authorization.result.current.canManageProposal(ME)).toBeUndefined();
    expect(authorization.result.current.canDeleteProposal(ME, 'draft')).toBeUndefined();
    expect(authorization.result.current.canDeleteAttachment(ME)).toBeUndefined();
    expect(authorization.result.current.canEditComment(ME)).toBeUndefined();
  });

  it('answers as soon as the user arrives', () => {
    tokensOnly();
    const { result } = renderHook(() => useCan('catalogue:write'));
    expect(result.current).toBeUndefined();
    act(() => signInAs('manager'));
    expect(result.current).toBe(true);
    act(() => signInAs('sales'));
    expect(result.current).toBe(false);
  });
});

describe('once the user is known', () => {
  it('is the signed-in actor, the same object across renders', () => {
    signInAs('sales');
    const { result, rerender } = renderHook(() => useActor());
    const first = result.current;
    expect(first).toEqual({ userId: ME, role: 'sales' });
    rerender();
    expect(result.current).toBe(first);
  });

  it('answers the role matrix of the shared permissions', () => {
    const expected: Record<Role, boolean> = {
      superadmin: false,
      admin: true,
      manager: true,
      sales: false,
      viewer: false,
    };
    for (const [role, allowed] of Object.entries(expected)) {
      signInAs(role as Role);
      const { result, unmount } = renderHook(() => useCan('client:delete'));
      expect(result.current, role).toBe(allowed);
      unmount();
    }
  });

  it('binds the resource policies to the actor', () => {
    signInAs('sales');
    const sales = renderHook(() => useAuthorization()).result.current;
    expect(sales.canManageProposal(ME)).toBe(true);
    expect(sales.canManageProposal(COLLEAGUE)).toBe(false);
    expect(sales.canDeleteProposal(ME, 'draft')).toBe(true);
    // Answered proposals are evidence: an admin only.
    expect(sales.canDeleteProposal(ME, 'signed')).toBe(false);
    expect(sales.canAssignProposal()).toBe(false);
    expect(sales.canDeleteAttachment(ME)).toBe(true);
    expect(sales.canDeleteAttachment(COLLEAGUE)).toBe(false);
    expect(sales.canDeleteAttachment(null)).toBe(false);
    expect(sales.canEditComment(ME)).toBe(true);
    expect(sales.canEditComment(COLLEAGUE)).toBe(false);
    expect(sales.canWriteTemplate(false)).toBe(false);

    signInAs('admin');
    const admin = renderHook(() => useAuthorization()).result.current;
    expect(admin.canManageProposal(COLLEAGUE)).toBe(true);
    expect(admin.canDeleteProposal(COLLEAGUE, 'accepted')).toBe(true);
    expect(admin.canAssignProposal()).toBe(true);
    expect(admin.canDeleteAttachment(COLLEAGUE)).toBe(true);
    expect(admin.canEditComment(COLLEAGUE)).toBe(false);
    expect(admin.canWriteTemplate(false)).toBe(true);
    expect(admin.canWriteTemplate(true)).toBe(false);
    expect(admin.isPlatformAdmin()).toBe(false);

    signInAs('superadmin');
    const superadmin = renderHook(() => useAuthorization()).result.current;
    expect(superadmin.isPlatformAdmin()).toBe(true);
    expect(superadmin.canWriteTemplate(true)).toBe(true);
  });
});
