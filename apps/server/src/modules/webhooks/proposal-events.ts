import type { WebhookEventType } from '@aceite/shared/schemas/webhooks';
import type { Db } from '@/db/client.ts';
import { systemActor } from '@/lib/tenant-scope.ts';
import { selectProposalById } from '@/modules/proposal-projections/proposal.queries.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { enqueueEvent } from './webhooks.service.ts';

type ProposalEventType = Extract<WebhookEventType, `proposal.${string}`>;

/**
 * Queues a proposal's webhook event with the proposal as it is now, inside the caller's transaction. The
 * proposal's id orders its events per endpoint. Every module that changes a proposal (members' actions,
 * approvals, the public page, the expiry sweep, reminders) calls it: it lives here so none of them imports
 * another for it (docs/architecture.md#module-map). A webhook's `data` is the proposal as the organization's
 * admin sees it (docs/product.md#webhooks).
 */
export async function enqueueProposalEvent(
  db: Db,
  organizationId: string,
  id: string,
  type: ProposalEventType,
): Promise<void> {
  const ctx = systemActor(db, organizationId);
  const row = await selectProposalById(ctx, id);
  if (!row) return;
  await enqueueEvent(db, { organizationId, type, data: toProposalDto(ctx, row), orderingKey: id });
}
