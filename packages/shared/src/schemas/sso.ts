import { z } from 'zod';
import { EmailSchema } from './common.ts';

/*
 * Single sign-on with OpenID Connect (issue 40, docs/product.md#single-sign-on): the connection of
 * Configurações → Segurança (GET/PUT/DELETE /settings/sso) and the sign-in (POST /auth/sso/start,
 * GET /auth/sso/callback). One schema for the form and the API.
 */

export const SSO_MESSAGES = {
  issuerInvalid: 'Indique o endereço (URL) do emissor OpenID Connect, começado por https://',
  clientIdRequired: 'Indique o identificador do cliente (client ID)',
  clientSecretRequired: 'Indique o segredo do cliente (client secret)',
  domainInvalid: 'Indique domínios de email válidos (por exemplo empresa.pt)',
  domainsTooMany: 'No máximo 20 domínios',
  breakGlassRequired: 'Para exigir SSO, escolha o administrador que pode sempre entrar com palavra-passe',
  breakGlassNotAdmin: 'O administrador de emergência tem de ser um administrador ativo da organização',
  notConfigured: 'A organização não tem uma ligação SSO configurada',
  domainNotListed: 'Este domínio não está na ligação SSO da organização',
  domainTxtMissing:
    'Não encontrámos o registo TXT de verificação no DNS deste domínio. Confirme o registo e tente novamente (a propagação pode demorar alguns minutos).',
  domainTakenByOther: 'Este domínio já está verificado por outra organização',
  flowInvalid: 'O pedido de início de sessão com SSO expirou ou já foi usado. Volte a tentar.',
  providerFailed:
    'O fornecedor de identidade não confirmou o início de sessão. Volte a tentar ou contacte o administrador da sua organização.',
  providerUnreachable:
    'Não foi possível contactar o fornecedor de identidade da sua organização. Tente mais tarde ou contacte o administrador.',
  emailNotCovered:
    'O email devolvido pelo fornecedor de identidade não pertence a um domínio verificado da organização',
  emailOfOtherAccount: 'Este email pertence a uma conta de outra organização',
  ssoRequired:
    'A sua organização exige o início de sessão com SSO, através do fornecedor de identidade da empresa.',
} as const;

/** The roles a person signing in for the first time may be given: never admin (docs/decisions.md). */
export const SSO_JIT_ROLES = ['manager', 'sales', 'viewer'] as const;
export type SsoJitRole = (typeof SSO_JIT_ROLES)[number];

/** The DNS name of the TXT record that proves a domain (`_aceite-verification.<domain>`). */
export function ssoVerificationRecordName(domain: string): string {
  return `_aceite-verification.${domain}`;
}

/** The value the TXT record holds. */
export function ssoVerificationRecordValue(token: string): string {
  return `aceite-verification=${token}`;
}

const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

export const SsoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, SSO_MESSAGES.domainInvalid)
  .regex(DOMAIN, SSO_MESSAGES.domainInvalid);

export const SsoConnectionInputSchema = z
  .object({
    issuer: z
      .string()
      .trim()
      .max(500, SSO_MESSAGES.issuerInvalid)
      .pipe(z.url({ protocol: /^https?$/, error: SSO_MESSAGES.issuerInvalid })),
    clientId: z.string().trim().min(1, SSO_MESSAGES.clientIdRequired).max(500),
    /** Absent or empty keeps the secret saved; required the first time. */
    clientSecret: z.string().max(2000).optional(),
    domains: z
      .array(SsoDomainSchema)
      .min(1, SSO_MESSAGES.domainInvalid)
      .max(20, SSO_MESSAGES.domainsTooMany)
      .transform((list) => [...new Set(list)]),
    defaultRole: z.enum(SSO_JIT_ROLES).default('sales'),
    enforce: z.boolean().default(false),
    breakGlassUserId: z.uuid().nullable().default(null),
  })
  .refine((v) => !v.enforce || v.breakGlassUserId !== null, {
    path: ['breakGlassUserId'],
    message: SSO_MESSAGES.breakGlassRequired,
  });

export const SsoDomainStatusSchema = z.object({
  domain: z.string(),
  /** The TXT record to publish: name and value. */
  recordName: z.string(),
  recordValue: z.string(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
});

export const SsoConnectionSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The secret itself is never answered. */
  clientSecretSet: z.literal(true),
  domains: z.array(SsoDomainStatusSchema),
  defaultRole: z.enum(SSO_JIT_ROLES),
  enforce: z.boolean(),
  breakGlassUserId: z.uuid().nullable(),
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

export const SsoSettingsSchema = z.object({
  connection: SsoConnectionSchema.nullable(),
  /** Whether the plan includes SSO (Enterprise). */
  available: z.boolean(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

export const SsoDomainParamsSchema = z.object({ domain: SsoDomainSchema });

export const SsoStartInputSchema = z.object({ email: EmailSchema });

export const SsoStartResultSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('password') }),
  z.object({ mode: z.literal('sso'), authorizationUrl: z.string() }),
]);
export type SsoStartResult = z.infer<typeof SsoStartResultSchema>;

export const SsoCallbackQuerySchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  /** RFC 9207: the issuer of the answer, checked by openid-client when the provider sends it. */
  iss: z.string().max(500).optional(),
});
