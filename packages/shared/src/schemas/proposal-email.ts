import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** Placeholders the organization's default subject and message may use, filled in per proposal. */
export const EMAIL_PLACEHOLDERS = [
  '{proposta}',
  '{numero}',
  '{cliente}',
  '{organizacao}',
  '{remetente}',
] as const;

/** The subject and message of a proposal email, both editable in the send dialog. */
export const EmailSubjectSchema = z
  .string({ error: MESSAGES.emailSubjectRequired })
  .trim()
  .min(1, MESSAGES.emailSubjectRequired)
  .max(200, MESSAGES.emailSubjectTooLong);
export const EmailMessageSchema = z.string().trim().max(5000, MESSAGES.emailMessageTooLong);

/** POST /proposals/{id}/send: without a subject or message the organization's defaults are used. */
export const SendProposalInputSchema = z.object({
  subject: EmailSubjectSchema.optional(),
  message: EmailMessageSchema.optional(),
  /** "Anexar PDF": the proposal's PDF travels with the email; on unless turned off (docs/product.md#proposal-pdf). */
  attachPdf: z.boolean().optional(),
});
export type SendProposalInput = z.infer<typeof SendProposalInputSchema>;

/** GET /proposals/{id}/email-draft: what the send dialog starts from. */
export const ProposalEmailDraftSchema = z.object({
  to: z.string(),
  replyTo: z.string(),
  subject: z.string(),
  message: z.string(),
});
export type ProposalEmailDraft = z.infer<typeof ProposalEmailDraftSchema>;

/** The number leads, as on the organization's other commercial documents (docs/product.md#proposal-numbers). */
export const DEFAULT_EMAIL_SUBJECT = '{organizacao}: proposta {numero} "{proposta}"';
export const DEFAULT_EMAIL_MESSAGE =
  'Olá {cliente},\n\n{remetente} enviou-lhe a proposta «{proposta}». Pode lê-la, assiná-la, aceitá-la ou rejeitá-la na ligação abaixo.';

/** Replaces the placeholders; anything else in the text stays as typed. */
export function fillEmailPlaceholders(
  text: string,
  values: { proposta: string; numero: string; cliente: string; organizacao: string; remetente: string },
): string {
  return text.replace(
    /\{(proposta|numero|cliente|organizacao|remetente)\}/g,
    (_, key: keyof typeof values) => values[key],
  );
}
