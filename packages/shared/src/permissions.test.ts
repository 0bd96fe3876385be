import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';

describe('role permissions (server-behaviour §3)', () => {
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
