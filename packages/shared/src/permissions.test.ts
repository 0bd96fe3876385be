import { describe, expect, it } from 'vitest';
import {
  can,
  canApproveProposal,
  canDeleteAttachment,
  canDeleteProposal,
  canEditComment,
  canImpersonate,
  canManageProposal,
  canWriteTemplate,
  isPlatformAdmin,
  mayApprove,
} from './permissions.ts';

describe('role permissions (docs/product.md#roles-and-permissions)', () => {
  it('lets only admins manage users and the organization', () => {
    expect(can('admin', 'user:manage')).toBe(true);
    expect(can('manager', 'user:manage')).toBe(false);
    expect(can('manager', 'organization:manage')).toBe(false);
  });

  it('lets sales create proposals and clients but not delete clients or edit the catalogue', () => {
    expect(can('sales', 'proposal:create')).toBe(true);
    expect(can('sales', 'client:write')).toBe(true);
    expect(can('sales', 'client:delete')).toBe(false);
    expect(can('sales', 'catalogue:write')).toBe(false);
  });

  it('gives viewers no write permission at all', () => {
    for (const p of [
      'proposal:create',
      'comment:create',
      'client:write',
      'template:use',
      'team:write',
    ] as const) {
      expect(can('viewer', p)).toBe(false);
    }
  });
});

describe('resource policies', () => {
  const sales = { userId: 's', role: 'sales' } as const;
  const manager = { userId: 'm', role: 'manager' } as const;
  const admin = { userId: 'a', role: 'admin' } as const;
  const viewer = { userId: 'v', role: 'viewer' } as const;

  it('lets sales manage their own proposals, managers and admins any, viewers none', () => {
    expect(canManageProposal(sales, 's')).toBe(true);
    expect(canManageProposal(sales, 'x')).toBe(false);
    expect(canManageProposal(manager, 'x')).toBe(true);
    expect(canManageProposal(viewer, 'v')).toBe(false);
  });

  it('keeps an answered proposal for admins to remove', () => {
    expect(canDeleteProposal(sales, 's', false)).toBe(true);
    expect(canDeleteProposal(sales, 's', true)).toBe(false);
    expect(canDeleteProposal(manager, 'x', true)).toBe(false);
    expect(canDeleteProposal(admin, 'x', true)).toBe(true);
  });

  it('lets the uploader or an admin delete an attachment, the author edit a comment', () => {
    expect(canDeleteAttachment(sales, 's')).toBe(true);
    expect(canDeleteAttachment(manager, 's')).toBe(false);
    expect(canDeleteAttachment(admin, 's')).toBe(true);
    expect(canEditComment(manager, 's')).toBe(false);
    expect(canEditComment(sales, 's')).toBe(true);
    expect(canEditComment(admin, null)).toBe(false);
  });

  it('gives global templates to the platform admin only', () => {
    expect(canWriteTemplate({ role: 'superadmin' }, true)).toBe(true);
    expect(canWriteTemplate(admin, true)).toBe(false);
    expect(canWriteTemplate(manager, false)).toBe(true);
    expect(canWriteTemplate(sales, false)).toBe(false);
    expect(isPlatformAdmin({ role: 'superadmin' })).toBe(true);
    expect(isPlatformAdmin(admin)).toBe(false);
    expect(isPlatformAdmin({ role: null })).toBe(false);
  });

  it('lets the platform admin act as an active member, never another superadmin or oneself', () => {
    const platform = { userId: 'p', role: 'superadmin' } as const;
    expect(canImpersonate(platform, { id: 's', role: 'sales', isActive: true })).toBe(true);
    expect(canImpersonate(platform, { id: 's', role: 'sales', isActive: false })).toBe(false);
    expect(canImpersonate(platform, { id: 'q', role: 'superadmin', isActive: true })).toBe(false);
    expect(canImpersonate(platform, { id: 'p', role: 'superadmin', isActive: true })).toBe(false);
    expect(canImpersonate(admin, { id: 's', role: 'sales', isActive: true })).toBe(false);
  });
});

describe('API keys never approve (docs/product.md#approvals)', () => {
  const key = { id: 'k', createdBy: 'admin-1' };
  it('mayApprove: admins and managers who are people', () => {
    expect(mayApprove({ role: 'admin' })).toBe(true);
    expect(mayApprove({ role: 'manager' })).toBe(true);
    expect(mayApprove({ role: 'sales' })).toBe(false);
    expect(mayApprove({ role: 'manager', apiKey: key })).toBe(false);
    expect(mayApprove({ role: 'admin', apiKey: key })).toBe(false);
  });

  it('canApproveProposal reads the same rule: a write key (a manager) approves nothing, not even its own', () => {
    const asKey = { userId: 'k', role: 'manager' as const, apiKey: key };
    expect(canApproveProposal(asKey, { ownerId: 'k' }, ['k'])).toBe(false);
    expect(canApproveProposal(asKey, { ownerId: 'someone' }, ['k'])).toBe(false);
    expect(canApproveProposal({ userId: 'm', role: 'manager' }, { ownerId: 'someone' }, ['m'])).toBe(true);
  });
});
