import { z } from 'zod';
import { EmailSchema } from './common.ts';
import { ssoVerificationRecordName, ssoVerificationRecordValue } from './sso.ts';

/*
 * White-label: the organization's own sender of its emails to clients (issue 40, docs/product.md#white-label):
 * Configurações → Remetente dos emails (GET/PUT/DELETE /settings/email-sender, POST /settings/email-sender/verify).
 * The domain is proved by the same TXT record as the SSO and custom domains, and the server's DKIM key for it is
 * published by the organization under `<selector>._domainkey.<domain>`.
 */

export const EMAIL_SENDER_MESSAGES = {
  nameRequired: 'Indique o nome do remetente',
  nameTooLong: 'O nome do remetente tem no máximo 100 caracteres',
  nameInvalid: 'O nome do remetente não pode ter quebras de linha nem caracteres de controlo',
  addressDomainInvalid:
    'O endereço tem de ser de um domínio da sua organização (por exemplo propostas@empresa.pt)',
  notConfigured: 'A organização não tem um remetente próprio configurado',
  txtMissing: 'Falta o registo TXT de verificação do domínio.',
  dkimMissing: 'Falta o registo DKIM.',
  dkimWrongKey: 'O registo DKIM não tem a chave indicada: copie-o de novo.',
  retryHint: 'Confirme os registos no DNS e tente novamente (a propagação pode demorar alguns minutos).',
} as const;

/** The TXT record that proves the domain: the SSO and custom domains' (one rule, lib/domain-verification.ts). */
export const emailSenderOwnershipRecordName = ssoVerificationRecordName;
export const emailSenderOwnershipRecordValue = ssoVerificationRecordValue;

/** Where the DKIM public key is published: `<selector>._domainkey.<domain>` (RFC 6376). */
export function dkimRecordName(selector: string, domain: string): string {
  return `${selector}._domainkey.${domain}`;
}

/** The DKIM record's value for an RSA public key (base64 DER SubjectPublicKeyInfo). */
export function dkimRecordValue(publicKeyBase64: string): string {
  return `v=DKIM1; k=rsa; p=${publicKeyBase64}`;
}

const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The domain of an address (after its last @). */
export function domainOfAddress(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

export const EmailSenderInputSchema = z.object({
  name: z
    .string({ error: EMAIL_SENDER_MESSAGES.nameRequired })
    .trim()
    .min(1, EMAIL_SENDER_MESSAGES.nameRequired)
    .max(100, EMAIL_SENDER_MESSAGES.nameTooLong)
    .refine((v) => !CONTROL.test(v), EMAIL_SENDER_MESSAGES.nameInvalid),
  address: EmailSchema.refine(
    (v) => DOMAIN.test(domainOfAddress(v)),
    EMAIL_SENDER_MESSAGES.addressDomainInvalid,
  ),
});
export type EmailSenderInput = z.infer<typeof EmailSenderInputSchema>;

const DnsRecordSchema = z.object({ name: z.string(), value: z.string() });

export const EmailSenderSchema = z.object({
  name: z.string(),
  address: z.string(),
  domain: z.string(),
  /** The TXT record that proves the domain. */
  ownershipRecord: DnsRecordSchema,
  /** The DKIM record with the server's public key for this organization. */
  dkimRecord: DnsRecordSchema,
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type EmailSender = z.infer<typeof EmailSenderSchema>;

export const EmailSenderSettingsSchema = z.object({
  sender: EmailSenderSchema.nullable(),
  /** Whether the plan includes the white-label (Enterprise). */
  available: z.boolean(),
});
export type EmailSenderSettings = z.infer<typeof EmailSenderSettingsSchema>;
