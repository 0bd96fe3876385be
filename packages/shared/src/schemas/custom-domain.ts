import { z } from 'zod';
import { ssoVerificationRecordName, ssoVerificationRecordValue } from './sso.ts';

/*
 * White-label: the organization's own host for the client-facing pages (issue 40, docs/product.md#white-label):
 * Configurações → Domínio (GET/PUT/DELETE /settings/custom-domain, POST /settings/custom-domain/verify) and the
 * TLS ask endpoint (GET /tls/ask). Verified by the same TXT record as the SSO domains.
 */

export const CUSTOM_DOMAIN_MESSAGES = {
  domainInvalid: 'Indique um nome de domínio válido (por exemplo propostas.empresa.pt)',
  domainIsApp: 'Este é o endereço da própria aplicação: indique um domínio da sua organização',
  domainTaken: 'Este domínio já está associado a outra organização',
  unknownHost: 'Domínio desconhecido',
  notConfigured: 'A organização não tem um domínio próprio configurado',
  txtMissing:
    'Não encontrámos o registo TXT de verificação no DNS deste domínio. Confirme o registo e tente novamente (a propagação pode demorar alguns minutos).',
} as const;

/** The record that proves the domain: the SSO domains' (one rule, docs/decisions.md "White-label"). */
export const customDomainRecordName = ssoVerificationRecordName;
export const customDomainRecordValue = ssoVerificationRecordValue;

const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
/** All digits and dots: an IPv4 address, never a domain of the organization. */
const IPV4 = /^[0-9.]+$/;

export const CustomDomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, CUSTOM_DOMAIN_MESSAGES.domainInvalid)
  .regex(HOSTNAME, CUSTOM_DOMAIN_MESSAGES.domainInvalid)
  .refine((v) => !IPV4.test(v), CUSTOM_DOMAIN_MESSAGES.domainInvalid);

export const CustomDomainInputSchema = z.object({ domain: CustomDomainNameSchema });

export const CustomDomainSchema = z.object({
  domain: z.string(),
  /** The TXT record to publish: name and value. */
  recordName: z.string(),
  recordValue: z.string(),
  /** Where the domain's CNAME points (the app's own host), so the client's browser reaches the app. */
  cnameTarget: z.string(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CustomDomain = z.infer<typeof CustomDomainSchema>;

export const CustomDomainSettingsSchema = z.object({
  domain: CustomDomainSchema.nullable(),
  /** Whether the plan includes the white-label (Enterprise). */
  available: z.boolean(),
});
export type CustomDomainSettings = z.infer<typeof CustomDomainSettingsSchema>;

export const TlsAskQuerySchema = z.object({ domain: z.string().max(300) });
