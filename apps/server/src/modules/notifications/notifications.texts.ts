import type { NotificationType } from '@aceite/shared/schemas/notifications';

/**
 * What each in-app notification says (docs/product.md#notifications), in one place like the email templates
 * (modules/email/email.templates.ts): services pick the event and pass its facts; the wording lives here.
 */
export interface NotificationText {
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
}

const proposalUrl = (id: string) => `/proposals/${id}`;

/** A rejection's reason as a sentence, cut to fit a notification. */
function reasonSentence(reason: string | null): string {
  if (!reason) return 'Sem motivo indicado.';
  const short = reason.length > 280 ? `${reason.slice(0, 279)}…` : reason;
  return `Motivo: «${short}»`;
}

export function addedToTeamText(team: { id: string; name: string }): NotificationText {
  return {
    type: 'user_added_to_team',
    title: 'Adicionado a uma equipa',
    message: `Foi adicionado à equipa ${team.name}.`,
    actionUrl: `/teams/${team.id}`,
  };
}

export function inviteAcceptedText(person: { firstName: string; lastName: string }): NotificationText {
  return {
    type: 'invite_accepted',
    title: 'Convite aceite',
    message: `${person.firstName} ${person.lastName} aceitou o convite e juntou-se à organização.`,
    actionUrl: '/users',
  };
}

export function proposalViewedText(p: {
  id: string;
  title: string;
  clientName?: string | null;
}): NotificationText {
  return {
    type: 'proposal_viewed',
    title: 'Proposta visualizada',
    message: `${p.clientName ?? 'O cliente'} abriu a proposta "${p.title}".`,
    actionUrl: proposalUrl(p.id),
  };
}

/** The client's answer on the public page: accepted, signed (also an acceptance) or rejected. */
export function proposalAnsweredText(
  action: 'accepted' | 'signed' | 'rejected',
  p: { id: string; title: string; signerName?: string | null; rejectionReason?: string | null },
): NotificationText {
  const texts = {
    accepted: ['Proposta aceite', `A proposta "${p.title}" foi aceite pelo cliente.`],
    signed: ['Proposta assinada', `A proposta "${p.title}" foi assinada por ${p.signerName ?? 'o cliente'}.`],
    rejected: [
      'Proposta rejeitada',
      `A proposta "${p.title}" foi rejeitada pelo cliente. ${reasonSentence(p.rejectionReason ?? null)}`,
    ],
  } as const;
  return {
    type: action === 'rejected' ? 'proposal_rejected' : 'proposal_accepted',
    title: texts[action][0],
    message: texts[action][1],
    actionUrl: proposalUrl(p.id),
  };
}

export function commentAddedText(p: { id: string; title: string }): NotificationText {
  return {
    type: 'comment_added',
    title: 'Novo comentário',
    message: `Novo comentário na proposta "${p.title}".`,
    actionUrl: proposalUrl(p.id),
  };
}

export function proposalAssignedText(p: { id: string; title: string }): NotificationText {
  return {
    type: 'proposal_assigned',
    title: 'Proposta atribuída',
    message: `A proposta "${p.title}" foi-lhe atribuída.`,
    actionUrl: proposalUrl(p.id),
  };
}

export function proposalSentText(p: {
  id: string;
  title: string;
  senderName: string;
  clientName: string;
}): NotificationText {
  return {
    type: 'proposal_sent',
    title: 'Proposta enviada',
    message: `${p.senderName} enviou a proposta "${p.title}" a ${p.clientName}.`,
    actionUrl: proposalUrl(p.id),
  };
}

/** Approvals (docs/product.md#approvals): a request to the approvers, the answer to the owner. */
export function approvalRequestedText(p: {
  id: string;
  title: string;
  requesterName: string;
  note: string | null;
}): NotificationText {
  const note = p.note ? ` Nota: «${p.note.length > 280 ? `${p.note.slice(0, 279)}…` : p.note}»` : '';
  return {
    type: 'approval_requested',
    title: 'Aprovação pedida',
    message: `${p.requesterName} pediu a aprovação da proposta "${p.title}".${note}`,
    actionUrl: proposalUrl(p.id),
  };
}

export function proposalApprovedText(p: {
  id: string;
  title: string;
  approverName: string;
}): NotificationText {
  return {
    type: 'proposal_approved',
    title: 'Proposta aprovada',
    message: `${p.approverName} aprovou a proposta "${p.title}". Já a pode enviar ao cliente.`,
    actionUrl: proposalUrl(p.id),
  };
}

export function proposalReturnedText(p: {
  id: string;
  title: string;
  approverName: string;
  comment: string;
}): NotificationText {
  const comment = p.comment.length > 280 ? `${p.comment.slice(0, 279)}…` : p.comment;
  return {
    type: 'proposal_returned',
    title: 'Proposta devolvida',
    message: `${p.approverName} devolveu a proposta "${p.title}": «${comment}»`,
    actionUrl: proposalUrl(p.id),
  };
}

/** Where an organization's webhooks are managed (Definições → Integrações). */
export const WEBHOOKS_SETTINGS_URL = '/settings?tab=integracoes';

export function webhookDisabledText(p: { url: string; reason: string }): NotificationText {
  return {
    type: 'webhook_disabled',
    title: 'Webhook desativado',
    message: `O webhook ${p.url} foi desativado: ${p.reason}`,
    actionUrl: WEBHOOKS_SETTINGS_URL,
  };
}

/** The client asked a question or for changes (docs/product.md#client-questions-and-change-requests). */
export function clientMessageText(p: {
  id: string;
  title: string;
  kind: 'question' | 'change_request';
  senderName: string;
}): NotificationText {
  const question = p.kind === 'question';
  return {
    type: 'client_message',
    title: question ? 'Nova pergunta do cliente' : 'Pedido de alterações',
    message: question
      ? `${p.senderName} fez uma pergunta sobre a proposta "${p.title}".`
      : `${p.senderName} pediu alterações à proposta "${p.title}".`,
    actionUrl: proposalUrl(p.id),
  };
}
