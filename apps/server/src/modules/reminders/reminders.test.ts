import { MESSAGES } from '@aceite/shared/messages';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLogs,
  clients,
  customDomains,
  emailOutbox,
  organizations,
  ownerReminderSummaries,
  proposalReminders,
  proposals,
  webhookEndpoints,
  webhookEvents,
} from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  authHeaders,
  createApiKey,
  createTeamOfRoles,
  createUser,
  insertSentProposal,
} from '@/test/factories.ts';

/*
 * Issue 24, part 4: the automatic reminders (docs/product.md#reminders), run with a controllable clock — the job
 * is called with the instant it should believe it is, never by waiting.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
const CLIENT_EMAIL = 'joana@lima.pt';
const DAY = 24 * 60 * 60 * 1000;
/** 10:00 in Lisbon (UTC+0 in March): inside the sending hours. */
const BASE = new Date('2030-03-04T10:00:00Z');
const at = (days: number, hours = 0) => new Date(BASE.getTime() + days * DAY + hours * 60 * 60 * 1000);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
// A fresh organization per test: the job runs over every organization, and each test reads only its own.
beforeEach(async () => {
  team = await createTeamOfRoles(t.db);
  const [client] = await t.db
    .insert(clients)
    .values({ organizationId: team.org.id, name: 'Joana Lima', email: CLIENT_EMAIL })
    .returning();
  clientId = client?.id as string;
});

function makeProposal(values: Partial<typeof proposals.$inferInsert> = {}) {
  return insertSentProposal(
    t.db,
    { organizationId: team.org.id, ownerId: team.sales.id, clientId },
    {
      title: 'Website <institucional>',
      sentAt: BASE,
      validUntil: '2030-12-31',
      content: { blocks: [], items: [] },
      ...values,
    },
  );
}

async function setSettings(settings: Record<string, unknown>) {
  await t.db.update(organizations).set({ settings }).where(eq(organizations.id, team.org.id));
}

/** The reminders sent for a proposal, with their emails. */
async function remindersOf(proposalId: string) {
  return t.db
    .select({
      kind: proposalReminders.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
    })
    .from(proposalReminders)
    .innerJoin(emailOutbox, eq(emailOutbox.id, proposalReminders.outboxId))
    .where(eq(proposalReminders.proposalId, proposalId));
}

const run = (now: Date) => t.app.reminders.run(now);

describe('client reminders (docs/product.md#reminders)', { timeout: 30_000 }, () => {
  it('"not opened" fires once, on the third day, with the public link and the stop link', async () => {
    const p = await makeProposal();
    await run(at(2, 23));
    expect(await remindersOf(p.id)).toHaveLength(0);
    await run(at(3));
    const sent = await remindersOf(p.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'not_opened', to: CLIENT_EMAIL });
    expect(sent[0]?.text).toContain(`http://localhost:3000/p/${p.token}`);
    expect(sent[0]?.text).toContain(`http://localhost:3000/p/${p.token}/lembretes`);
    expect(sent[0]?.html).toContain('Não quero receber mais lembretes');
    // The title is escaped in the HTML.
    expect(sent[0]?.html).toContain('Website &lt;institucional&gt;');
    for (const day of [4, 6, 10]) await run(at(day));
    expect(await remindersOf(p.id)).toHaveLength(1);
    // In the proposal's history (the audit log, as the cancellation is).
    const history = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, p.id), eq(auditLogs.action, 'proposal.reminder_sent')));
    expect(history).toHaveLength(1);
    expect(history[0]?.metadata).toMatchObject({ kind: 'not_opened' });
  });

  it('a white-label organization’s reminder links to its domain, with no Aceite text (docs/product.md#white-label)', async () => {
    await t.db.update(organizations).set({ plan: 'enterprise' }).where(eq(organizations.id, team.org.id));
    await t.db.insert(customDomains).values({
      organizationId: team.org.id,
      domain: `propostas-${team.org.id.slice(0, 8)}.pt`,
      verificationToken: 'x',
      verifiedAt: BASE,
    });
    const p = await makeProposal();
    await run(at(3));
    const [sent] = await remindersOf(p.id);
    expect(sent?.text).toContain(`https://propostas-${team.org.id.slice(0, 8)}.pt/p/${p.token}/lembretes`);
    for (const part of [sent?.subject, sent?.text, sent?.html]) expect(part).not.toContain('Aceite');
  });

  it('sends none for a read-only organization (its trial ended): nothing new is sent (issue 38)', async () => {
    await t.db
      .update(organizations)
      .set({ trialEndsAt: at(1) })
      .where(eq(organizations.id, team.org.id));
    const p = await makeProposal();
    await run(at(3));
    expect(await remindersOf(p.id)).toHaveLength(0);
    // A chosen plan (the trial's end cleared): the reminder due goes out.
    await t.db.update(organizations).set({ trialEndsAt: null }).where(eq(organizations.id, team.org.id));
    await run(at(3, 1));
    expect(await remindersOf(p.id)).toHaveLength(1);
  });

  it('announces each reminder sent to the webhooks as proposal.reminder_sent, with the proposal (issue 35)', async () => {
    await t.db.insert(webhookEndpoints).values({
      organizationId: team.org.id,
      url: 'https://crm.example.pt/hooks',
      events: ['proposal.reminder_sent'],
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const p = await makeProposal();
    await run(at(3));
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(
        and(eq(webhookEvents.organizationId, team.org.id), eq(webhookEvents.type, 'proposal.reminder_sent')),
      );
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.body ?? '{}').data).toMatchObject({ id: p.id, status: 'sent' });
  });

  it('"opened but not answered" fires once, five days after the last visit', async () => {
    const p = await makeProposal({ status: 'viewed', lastViewedAt: at(1) });
    await run(at(5, 23));
    expect(await remindersOf(p.id)).toHaveLength(0);
    await run(at(6));
    expect((await remindersOf(p.id)).map((r) => r.kind)).toEqual(['not_answered']);
    await run(at(12));
    expect(await remindersOf(p.id)).toHaveLength(1);
  });

  it('"before expiry" fires once, two days before the validity date, and never once it passed', async () => {
    const p = await makeProposal({ status: 'viewed', lastViewedAt: at(0, 1), validUntil: '2030-03-09' });
    await run(at(4)); // 2030-03-08, one day before; "not answered" (five days after the visit) is not due yet
    const sent = await remindersOf(p.id);
    expect(sent.map((r) => r.kind)).toEqual(['before_expiry']);
    expect(sent[0]?.subject).toContain('expira em breve');
    const late = await makeProposal({ validUntil: '2030-03-03' });
    await run(at(5));
    expect(await remindersOf(late.id)).toHaveLength(0);
  });

  it('"before expiry" is not sent before its day', async () => {
    const p = await makeProposal({ validUntil: '2030-03-10' });
    await run(at(2, 9)); // 2030-03-06 19:00: four days before (and "not opened" not yet due)
    await run(at(2, 12)); // 2030-03-06 22:00: outside the sending hours
    expect(await remindersOf(p.id)).toHaveLength(0);
    await run(at(3)); // 2030-03-07: three days before; "not opened" is due
    expect((await remindersOf(p.id)).map((r) => r.kind)).toEqual(['not_opened']);
    await run(at(4)); // 2030-03-08: two days before, a day after the last reminder
    expect((await remindersOf(p.id)).map((r) => r.kind).sort()).toEqual(['before_expiry', 'not_opened']);
  });

  it('never after a decision, a cancellation, while awaiting approval, or for an archived proposal', async () => {
    const ps = await Promise.all([
      makeProposal({ status: 'accepted', acceptedAt: at(1) }),
      makeProposal({ status: 'rejected', rejectedAt: at(1) }),
      makeProposal({ status: 'signed', signedAt: at(1) }),
      makeProposal({ status: 'cancelled', cancelledAt: at(1), cancellationReason: 'Duplicada' }),
      makeProposal({ status: 'in_review' }),
      makeProposal({ status: 'expired' }),
      makeProposal({ archivedAt: at(1) }),
    ]);
    for (const day of [3, 6, 30]) await run(at(day));
    const rows = await t.db
      .select()
      .from(proposalReminders)
      .where(
        inArray(
          proposalReminders.proposalId,
          ps.map((p) => p.id),
        ),
      );
    expect(rows).toHaveLength(0);
  });

  it('a decision between two runs stops the next reminder', async () => {
    const p = await makeProposal({ validUntil: '2030-03-09' });
    await run(at(3));
    expect(await remindersOf(p.id)).toHaveLength(1);
    await t.db
      .update(proposals)
      .set({ status: 'accepted', acceptedAt: at(3, 1) })
      .where(eq(proposals.id, p.id));
    await run(at(4));
    expect(await remindersOf(p.id)).toHaveLength(1);
  });

  it('follows the organization settings: a reminder turned off, other days', async () => {
    await setSettings({ reminderNotOpenedEnabled: false, reminderNotAnsweredDays: 2 });
    const notOpened = await makeProposal();
    const opened = await makeProposal({ status: 'viewed', lastViewedAt: BASE });
    await run(at(1, 23));
    expect(await remindersOf(opened.id)).toHaveLength(0);
    await run(at(2));
    await run(at(10));
    expect(await remindersOf(notOpened.id)).toHaveLength(0);
    expect((await remindersOf(opened.id)).map((r) => r.kind)).toEqual(['not_answered']);
  });

  it('stops after "Não quero receber mais lembretes" (idempotent; unknown or unsent links are 404)', async () => {
    const p = await makeProposal({ status: 'viewed', lastViewedAt: BASE });
    const stop = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${token}/reminders/stop` });
    const first = await stop(p.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { stopped: true } });
    expect((await stop(p.token)).statusCode).toBe(200);
    for (const day of [3, 6, 30]) await run(at(day));
    expect(await remindersOf(p.id)).toHaveLength(0);
    const recorded = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, p.id), eq(auditLogs.action, 'proposal.reminders_stopped')));
    expect(recorded).toHaveLength(1);

    const unknown = await stop(newOpaqueToken());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.proposalNotFound);
    const draft = await makeProposal({ status: 'draft', sentAt: null });
    expect((await stop(draft.token)).statusCode).toBe(404);
    expect((await stop('curto')).statusCode).toBe(400);
  });
});

describe("the opt-out is the client's alone (docs/product.md#reminders)", { timeout: 30_000 }, () => {
  it("refuses the organization's members, a superadmin and an API key (403, nothing recorded); another organization's member may be the client", async () => {
    const p = await makeProposal();
    const url = `/api/v1/public/proposals/${p.token}/reminders/stop`;
    const key = await createApiKey(t.app, team.admin, 'write');
    const superadmin = await createUser(t.db, { role: 'superadmin' });
    // Keys are refused on every public route, with the areas' message (issue 34, L2).
    const keyed = await t.app.inject({ method: 'POST', url, headers: key.headers });
    expect(keyed.statusCode).toBe(403);
    expect(keyed.json().error.message).toBe(API_KEY_MESSAGES.areaRefused);
    const refused = [
      await authHeaders(t.app, team.sales),
      await authHeaders(t.app, team.viewer),
      await authHeaders(t.app, superadmin),
    ];
    for (const headers of refused) {
      const res = await t.app.inject({ method: 'POST', url, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MESSAGES.remindersStopClientOnly);
    }
    await run(at(3));
    expect(await remindersOf(p.id)).toHaveLength(1);
    const outsider = await createUser(t.db, { role: 'admin' });
    const res = await t.app.inject({ method: 'POST', url, headers: await authHeaders(t.app, outsider) });
    expect(res.statusCode).toBe(200);
  });
});

describe("owners' daily summary (docs/product.md#reminders)", { timeout: 30_000 }, () => {
  async function summariesOf(userId: string) {
    return t.db
      .select({ day: ownerReminderSummaries.day, text: emailOutbox.text, to: emailOutbox.toAddress })
      .from(ownerReminderSummaries)
      .innerJoin(emailOutbox, eq(emailOutbox.id, ownerReminderSummaries.outboxId))
      .where(eq(ownerReminderSummaries.userId, userId));
  }

  it('goes once per Lisbon day to an owner with proposals waiting, listing status and days waiting', async () => {
    await makeProposal({ title: 'Site novo', status: 'viewed', lastViewedAt: BASE });
    await makeProposal({ title: 'Loja online', status: 'under_negotiation', sentAt: at(-2) });
    await makeProposal({ title: 'Ganha', status: 'accepted', acceptedAt: BASE });
    await run(at(1, -2)); // 08:00: before the sending hours
    expect(await summariesOf(team.sales.id)).toHaveLength(0);
    await run(at(1));
    await run(at(1, 9));
    const sent = await summariesOf(team.sales.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(team.sales.email);
    expect(sent[0]?.text).toContain('Site novo (Joana Lima): Visualizada, há 1 dia');
    expect(sent[0]?.text).toContain('Loja online (Joana Lima): Em negociação, há 3 dias');
    expect(sent[0]?.text).not.toContain('Ganha');
    await run(at(2));
    expect((await summariesOf(team.sales.id)).map((s) => s.day).sort()).toEqual(['2030-03-05', '2030-03-06']);
    // Nobody else had anything waiting: nothing was sent to them.
    expect(await summariesOf(team.manager.id)).toHaveLength(0);
  });

  it('is not sent when turned off', async () => {
    await setSettings({ reminderOwnerSummaryEnabled: false });
    await makeProposal();
    await run(at(1));
    expect(await summariesOf(team.sales.id)).toHaveLength(0);
  });
});

describe('reminder settings (docs/product.md#reminders)', { timeout: 30_000 }, () => {
  it('accept 1 to 60 days and answer a Portuguese message otherwise', async () => {
    const admin = as(t.app, team.admin);
    const base = { name: team.org.name, domain: null, branding: { primaryColor: '#007bff', logo: null } };
    const bad = await admin('PUT', '/settings/organization', {
      ...base,
      settings: { reminderNotOpenedDays: 61 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({
      field: 'settings.reminderNotOpenedDays',
      message: MESSAGES.reminderDaysInvalid,
    });
    const zero = await admin('PUT', '/settings/organization', {
      ...base,
      settings: { reminderBeforeExpiryDays: 0 },
    });
    expect(zero.statusCode).toBe(400);
    const ok = await admin('PUT', '/settings/organization', {
      ...base,
      settings: {
        reminderNotOpenedEnabled: true,
        reminderNotOpenedDays: 60,
        reminderOwnerSummaryEnabled: false,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.settings).toMatchObject({
      reminderNotOpenedDays: 60,
      reminderOwnerSummaryEnabled: false,
    });
  });
});

describe('two processes on one database (docs/product.md#reminders)', { timeout: 60_000 }, () => {
  it('queue each reminder and each summary exactly once when they run the job at the same time', async () => {
    const second = await buildTestApp({ sharedDatabaseUrl: t.databaseUrl });
    try {
      const ps = await Promise.all(Array.from({ length: 8 }, () => makeProposal()));
      const now = at(3);
      await Promise.all([t.app.reminders.run(now), second.app.reminders.run(now), t.app.reminders.run(now)]);
      const mails = await t.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .innerJoin(proposalReminders, eq(proposalReminders.outboxId, emailOutbox.id))
        .where(
          inArray(
            proposalReminders.proposalId,
            ps.map((p) => p.id),
          ),
        );
      expect(mails).toHaveLength(8);
      const queuedToClient = await t.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.organizationId, team.org.id), eq(emailOutbox.kind, 'proposal_reminder')));
      expect(queuedToClient).toHaveLength(8);
      const summaries = await t.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, team.sales.email), eq(emailOutbox.kind, 'owner_summary')));
      expect(summaries).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('mail limits (docs/product.md#reminders)', { timeout: 30_000 }, () => {
  it("fill at most half of the organization's hourly limit; what is left waits for a later run", async () => {
    const limited = await buildTestApp({
      mailLimits: { perOrganizationPerHour: 4, perRecipientPerHour: 100 },
    });
    try {
      const own = await createTeamOfRoles(limited.db);
      const [client] = await limited.db
        .insert(clients)
        .values({ organizationId: own.org.id, name: 'Joana Lima', email: CLIENT_EMAIL })
        .returning();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const [row] = await limited.db
          .insert(proposals)
          .values({
            organizationId: own.org.id,
            ownerId: own.sales.id,
            clientId: client?.id,
            title: `Proposta ${i}`,
            status: 'sent',
            sentAt: BASE,
            content: { blocks: [], items: [] },
            publicToken: newOpaqueToken(),
          })
          .returning();
        ids.push(row?.id as string);
      }
      await limited.app.reminders.run(at(3));
      await limited.app.reminders.run(at(3, 1));
      const rows = await limited.db
        .select()
        .from(proposalReminders)
        .where(inArray(proposalReminders.proposalId, ids));
      expect(rows).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('the stop route is rate limited', { timeout: 30_000 }, () => {
  it('answers 429 with the error envelope past the per-IP limit', async () => {
    const limited = await buildTestApp({ publicRateLimitMax: 2 });
    try {
      const stop = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/v1/public/proposals/${newOpaqueToken()}/reminders/stop`,
        });
      expect((await stop()).statusCode).toBe(404);
      expect((await stop()).statusCode).toBe(404);
      const third = await stop();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
