import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/fixtures';
import {
  clearSession,
  getAccessToken,
  getImpersonation,
  getRefreshToken,
  getStoredUser,
  storeImpersonation,
  storeRestoredSession,
} from './session-storage';

const superadmin = buildUser({
  id: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  email: 'super@aceite.demo',
  role: 'superadmin',
  organizationId: null,
  organization: null,
});
const target = buildUser({ email: 'vendas@aceite.demo', firstName: 'Vera', role: 'sales' });

function signInAsSuperadmin() {
  localStorage.setItem('accessToken', 'super-access');
  localStorage.setItem('refreshToken', 'super-refresh');
  localStorage.setItem('user', JSON.stringify(superadmin));
  localStorage.setItem('rememberMe', 'true');
}

describe('impersonation storage', () => {
  it('stores the impersonation session: target token and user, no refresh token, the superadmin kept aside', () => {
    signInAsSuperadmin();

    storeImpersonation({ accessToken: 'imp-access', user: target, originalUser: superadmin });

    expect(getAccessToken()).toBe('imp-access');
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toEqual(target);
    expect(JSON.parse(localStorage.getItem('impersonation') ?? 'null')).toEqual({
      originalUser: superadmin,
      originalRefreshToken: 'super-refresh',
    });
    expect(getImpersonation()).toEqual({ originalUser: superadmin, originalRefreshToken: 'super-refresh' });
  });

  it('keeps the first superadmin refresh token if an impersonation is stored twice', () => {
    signInAsSuperadmin();
    storeImpersonation({ accessToken: 'imp-1', user: target, originalUser: superadmin });
    storeImpersonation({ accessToken: 'imp-2', user: target, originalUser: superadmin });
    expect(getImpersonation()?.originalRefreshToken).toBe('super-refresh');
    expect(getAccessToken()).toBe('imp-2');
  });

  it('is not impersonating when nothing, or something that is not an impersonation, is stored', () => {
    expect(getImpersonation()).toBeNull();
    localStorage.setItem('impersonation', 'true');
    expect(getImpersonation()).toBeNull();
    localStorage.setItem('impersonation', '{not json');
    expect(getImpersonation()).toBeNull();
    localStorage.setItem(
      'impersonation',
      JSON.stringify({ originalUser: { id: 'x' }, originalRefreshToken: 'r' }),
    );
    expect(getImpersonation()).toBeNull();
  });

  it('restoring the superadmin stores the fresh session and forgets the impersonation', () => {
    signInAsSuperadmin();
    storeImpersonation({ accessToken: 'imp-access', user: target, originalUser: superadmin });

    storeRestoredSession({
      accessToken: 'super-access-2',
      refreshToken: 'super-refresh-2',
      user: superadmin,
    });

    expect(getAccessToken()).toBe('super-access-2');
    expect(getRefreshToken()).toBe('super-refresh-2');
    expect(getStoredUser()).toEqual(superadmin);
    expect(getImpersonation()).toBeNull();
    expect(localStorage.getItem('impersonation')).toBeNull();
    expect(localStorage.getItem('rememberMe')).toBe('true');
  });

  it('clearing the session removes the impersonation with every other item', () => {
    signInAsSuperadmin();
    storeImpersonation({ accessToken: 'imp-access', user: target, originalUser: superadmin });

    clearSession();

    for (const key of ['accessToken', 'refreshToken', 'user', 'rememberMe', 'impersonation']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});
