import { randomInt } from 'node:crypto';
import { canHoldApiKey, roleOfApiKeyScope } from '@aceite/shared/permissions';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
  type TransferApiKeyInput,
} from '@aceite/shared/schemas/api-keys';
import type { Db } from '@/db/client.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { assertPlanFeature } from '@/lib/entitlements.ts';
import type { AccessClaims } from '@/lib/jwt.ts';
import { type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { hashToken } from '@/lib/tokens.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { getUser } from '@/modules/users/users.service.ts';
import {
  insertApiKey,
  revokeApiKeyById,
  selectApiKeyById,
  selectApiKeys,
  selectLiveApiKeyByHash,
  touchApiKey,
  updateApiKeyHolderById,
} from './api-keys.queries.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters: log2(62) × 43 ≈ 256 random bits (at least 192 asked, docs/product.md#api-keys). */
const SECRET_LENGTH = 43;
/** How much of the key the list shows: `ak_` and 8 characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** A new key: `ak_` + 43 base62 characters (letters and digits only, so a double-click selects it whole). */
export function newApiKeySecret(): string {
  let out = API_KEY_PREFIX;
  for (let i = 0; i < SECRET_LENGTH; i++) out += BASE62[randomInt(62)];
  return out;
}

type ListedRow = NonNullable<Awaited<ReturnType<typeof selectApiKeyById>>>;

function toDto({ key, creator }: ListedRow): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    createdByName: creator ? `${creator.firstName} ${creator.lastName}` : null,
    isActive: canHoldApiKey(creator),
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
  };
}

/** Admins only (Settings → Integrações); a key never manages keys (it is refused before reaching here). */
export async function listApiKeys(ctx: TenantContext): Promise<ApiKey[]> {
  assertCan(ctx, 'organization:manage');
  return (await selectApiKeys(ctx)).map(toDto);
}

/** Creates a key and answers it whole, this once; only its SHA-256 is stored. Audited. */
export async function createApiKey(ctx: TenantContext, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  assertCan(ctx, 'organization:manage');
  await assertPlanFeature(ctx, 'apiKeys');
  const secret = newApiKeySecret();
  return withTx(ctx, async (tx) => {
    const row = await insertApiKey(tx, {
      name: input.name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      keyHash: hashToken(secret),
      scope: input.scope,
      createdBy: ctx.userId,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'api_key.created',
      entity: 'api_key',
      entityId: row.id,
      metadata: { name: row.name, prefix: row.prefix, scope: row.scope, expiresAt: input.expiresAt ?? null },
    });
    const listed = await selectApiKeyById(tx, row.id);
    if (!listed) throw new Error('api key not found after insert');
    return { apiKey: toDto(listed), secret };
  });
}

/** Revokes a key: the next request with it answers 401. Audited; an unknown or revoked key is 404. */
export async function revokeApiKey(ctx: TenantContext, id: string): Promise<void> {
  assertCan(ctx, 'organization:manage');
  await withTx(ctx, async (tx) => {
    const row = await revokeApiKeyById(tx, id);
    if (!row) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'api_key.revoked',
      entity: 'api_key',
      entityId: row.id,
      metadata: { name: row.name, prefix: row.prefix, scope: row.scope },
    });
  });
}

/**
 * Hands a key to another active admin (issue 34): what keeps a key alive whose creator left or was demoted,
 * without issuing a new secret to every integration. Audited with the previous and the new holder.
 */
export async function transferApiKey(
  ctx: TenantContext,
  id: string,
  input: TransferApiKeyInput,
): Promise<ApiKey> {
  assertCan(ctx, 'organization:manage');
  return withTx(ctx, async (tx) => {
    const before = await selectApiKeyById(tx, id);
    if (!before || before.key.revokedAt) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    const target = await getUser(tx, input.userId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('NOT_FOUND', API_KEY_MESSAGES.transferTargetNotFound);
      }
      throw error;
    });
    if (!canHoldApiKey(target)) {
      throw fieldError('userId', API_KEY_MESSAGES.transferTargetNotAdmin);
    }
    const row = await updateApiKeyHolderById(tx, id, target.id);
    if (!row) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'api_key.transferred',
      entity: 'api_key',
      entityId: row.id,
      metadata: { name: row.name, prefix: row.prefix, fromUserId: before.key.createdBy, toUserId: target.id },
    });
    const listed = await selectApiKeyById(tx, row.id);
    if (!listed) throw new Error('api key not found after transfer');
    return toDto(listed);
  });
}

/**
 * The caller a key stands for, or null when it is unknown, revoked, expired or its organization inactive. The
 * key acts as the organization with its scope's role; its user id is the key's own id, which is no member's,
 * so no "own record" policy ever applies to it (docs/product.md#api-keys).
 */
export async function authenticateApiKey(db: Db, secret: string): Promise<AccessClaims | null> {
  const key = await selectLiveApiKeyByHash(db, hashToken(secret));
  if (!key) return null;
  // Checked on every request, like a session's holder (issue 34): no job, so it takes effect at once.
  const holder =
    key.holderRole && key.holderIsActive !== null
      ? { role: key.holderRole, isActive: key.holderIsActive }
      : null;
  if (!canHoldApiKey(holder)) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.holderGone);
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= 60_000)
    await touchApiKey({ db, organizationId: key.organizationId }, key.id);
  return {
    userId: key.id,
    organizationId: key.organizationId,
    role: roleOfApiKeyScope(key.scope),
    sessionId: key.id,
    apiKey: { id: key.id, createdBy: key.createdBy },
    trialEndsAt: key.trialEndsAt,
  };
}
