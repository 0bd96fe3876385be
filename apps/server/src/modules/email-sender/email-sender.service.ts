import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  dkimRecordName,
  dkimRecordValue,
  domainOfAddress,
  EMAIL_SENDER_MESSAGES,
  type EmailSenderInput,
  type EmailSenderSettings,
  emailSenderOwnershipRecordName,
  emailSenderOwnershipRecordValue,
} from '@aceite/shared/schemas/email-sender';
import { assertCan } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import { type ResolveTxt, txtRecordHolds } from '@/lib/domain-verification.ts';
import { assertPlanFeature, planIncludes } from '@/lib/entitlements.ts';
import { sealSecret } from '@/lib/secret-box.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  deleteEmailSender,
  type EmailSenderRow,
  insertEmailSender,
  selectEmailSender,
  updateEmailSender,
} from './email-sender.queries.ts';

/*
 * The organization's own sender of its emails to clients (Configurações → Remetente dos emails, issue 40;
 * docs/product.md#white-label): admins only, Enterprise only on every write but the removal and on the check.
 * The server makes one RSA 2048 DKIM key per organization (docs/decisions.md, "White-label: the sender of the
 * organization's domain"); the private key is sealed at rest and never answered.
 */

export interface EmailSenderDeps {
  resolveTxt: ResolveTxt;
  /** secretBoxKey(server secret, 'dkim'): seals the private key. */
  secretKey: Buffer;
}

const generateRsa = promisify(generateKeyPair);

async function newDkimKey(): Promise<{ publicKey: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** A selector of its own per key ("s" and the date, then random), so a new key never waits for a cached old one. */
function newSelector(at: Date): string {
  return `s${at.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(3).toString('hex')}`;
}

async function settingsOf(ctx: TenantContext): Promise<EmailSenderSettings> {
  const [row, available] = await Promise.all([selectEmailSender(ctx), planIncludes(ctx, 'whiteLabel')]);
  return {
    available,
    sender: row
      ? {
          name: row.name,
          address: row.address,
          domain: row.domain,
          ownershipRecord: {
            name: emailSenderOwnershipRecordName(row.domain),
            value: emailSenderOwnershipRecordValue(row.verificationToken),
          },
          dkimRecord: {
            name: dkimRecordName(row.dkimSelector, row.domain),
            value: dkimRecordValue(row.dkimPublicKey),
          },
          verifiedAt: row.verifiedAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null,
  };
}

function audit(ctx: TenantContext, action: string, metadata?: Record<string, unknown>) {
  return {
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    impersonatorId: ctx.impersonatorId ?? null,
    action,
    entity: 'email_sender',
    entityId: ctx.organizationId,
    metadata,
  };
}

export async function getEmailSender(ctx: TenantContext): Promise<EmailSenderSettings> {
  assertCan(ctx, 'organization:manage');
  return settingsOf(ctx);
}

/**
 * Sets the sender. The first one gets a new DKIM key pair; another domain starts a new check (a new token,
 * unverified) with the same key; the name or the address on the same domain stays verified.
 */
export async function setEmailSender(
  ctx: TenantContext,
  deps: EmailSenderDeps,
  input: EmailSenderInput,
): Promise<EmailSenderSettings> {
  assertCan(ctx, 'organization:manage');
  await assertPlanFeature(ctx, 'whiteLabel');
  const domain = domainOfAddress(input.address);
  const existing = await selectEmailSender(ctx);
  if (!existing) {
    // Generated before the transaction: a 2048-bit key takes a moment of CPU, no lock should wait on it.
    const key = await newDkimKey();
    await withTx(ctx, async (tx) => {
      const at = now();
      const inserted = await insertEmailSender(tx, {
        name: input.name,
        address: input.address,
        domain,
        verificationToken: randomBytes(18).toString('base64url'),
        dkimSelector: newSelector(at),
        dkimPublicKey: key.publicKey,
        dkimPrivateKeySealed: sealSecret(deps.secretKey, key.privateKeyPem),
        updatedBy: personOf(ctx),
        updatedAt: at,
      });
      // Two first saves at once: the other one's row (and key) stands.
      if (inserted)
        await recordAudit(
          tx.db,
          audit(ctx, 'email_sender.created', { name: input.name, address: input.address }),
        );
    });
    return settingsOf(ctx);
  }
  if (existing.name === input.name && existing.address === input.address) return settingsOf(ctx);
  await withTx(ctx, async (tx) => {
    const newDomain = existing.domain !== domain;
    await updateEmailSender(tx, {
      name: input.name,
      address: input.address,
      domain,
      ...(newDomain ? { verificationToken: randomBytes(18).toString('base64url'), verifiedAt: null } : {}),
      updatedBy: personOf(ctx),
      updatedAt: now(),
    });
    await recordAudit(
      tx.db,
      audit(ctx, 'email_sender.updated', { name: input.name, address: input.address }),
    );
  });
  return settingsOf(ctx);
}

export async function removeEmailSender(ctx: TenantContext): Promise<void> {
  assertCan(ctx, 'organization:manage');
  await withTx(ctx, async (tx) => {
    if (!(await deleteEmailSender(tx))) throw new AppError('NOT_FOUND', EMAIL_SENDER_MESSAGES.notConfigured);
    await recordAudit(tx.db, audit(ctx, 'email_sender.deleted'));
  });
}

/** The tags of a DKIM record (`v=DKIM1; k=rsa; p=…`), names lower-cased, whitespace removed from values. */
function dkimTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** Whether the selector's record publishes this key: 'ok', 'missing' (no DKIM record) or 'wrongKey'. */
export async function dkimRecordState(
  resolveTxt: ResolveTxt,
  row: Pick<EmailSenderRow, 'dkimSelector' | 'domain' | 'dkimPublicKey'>,
): Promise<'ok' | 'missing' | 'wrongKey'> {
  let records: string[][] = [];
  try {
    records = await resolveTxt(dkimRecordName(row.dkimSelector, row.domain));
  } catch {
    records = [];
  }
  const dkim = records
    .map((chunks) => dkimTags(chunks.join('')))
    .filter((tags) => tags.has('p') && (tags.get('v') ?? 'DKIM1') === 'DKIM1');
  if (dkim.length === 0) return 'missing';
  const holds = dkim.some(
    (tags) => (tags.get('k') ?? 'rsa') === 'rsa' && tags.get('p') === row.dkimPublicKey,
  );
  return holds ? 'ok' : 'wrongKey';
}

/**
 * Looks both records up. Both present: verified (and audited the first time). One missing: 422 naming it (in
 * `details` as well), and a sender that was verified is not any more, so its emails go as "Organização via
 * Aceite" rather than with a signature no receiver can check.
 */
export async function verifyEmailSender(
  ctx: TenantContext,
  deps: EmailSenderDeps,
): Promise<EmailSenderSettings> {
  assertCan(ctx, 'organization:manage');
  const row = await selectEmailSender(ctx);
  if (!row) throw new AppError('NOT_FOUND', EMAIL_SENDER_MESSAGES.notConfigured);
  await assertPlanFeature(ctx, 'whiteLabel');
  const [ownership, dkim] = await Promise.all([
    txtRecordHolds(deps.resolveTxt, row.domain, row.verificationToken),
    dkimRecordState(deps.resolveTxt, row),
  ]);
  const problems: { field: string; message: string }[] = [];
  if (!ownership) problems.push({ field: 'ownershipRecord', message: EMAIL_SENDER_MESSAGES.txtMissing });
  if (dkim !== 'ok')
    problems.push({
      field: 'dkimRecord',
      message: dkim === 'missing' ? EMAIL_SENDER_MESSAGES.dkimMissing : EMAIL_SENDER_MESSAGES.dkimWrongKey,
    });
  if (problems.length > 0) {
    if (row.verifiedAt)
      await withTx(ctx, async (tx) => {
        await updateEmailSender(tx, { verifiedAt: null });
        await recordAudit(tx.db, audit(ctx, 'email_sender.unverified', { address: row.address }));
      });
    const message = [...problems.map((p) => p.message), EMAIL_SENDER_MESSAGES.retryHint].join(' ');
    throw new AppError('UNPROCESSABLE', message, problems);
  }
  if (!row.verifiedAt)
    await withTx(ctx, async (tx) => {
      await updateEmailSender(tx, { verifiedAt: now() });
      await recordAudit(tx.db, audit(ctx, 'email_sender.verified', { address: row.address }));
    });
  return settingsOf(ctx);
}
