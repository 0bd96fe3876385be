import { z } from 'zod';
import { EmailSchema } from './common.ts';

/*
 * Single sign-on with OpenID Connect or SAML 2.0 (issue 40, docs/product.md#single-sign-on): the connection of
 * Configurações → Segurança (GET/PUT/DELETE /settings/sso) and the sign-in (POST /auth/sso/start,
 * GET /auth/sso/callback; for SAML the identity provider posts to POST /auth/sso/saml/acs first). One schema for
 * the form and the API.
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
  issuerNotOpenId:
    'Este endereço não é de um fornecedor OpenID Connect: não respondeu com uma configuração válida em /.well-known/openid-configuration',
  samlMetadataRequired:
    'Indique o endereço (URL) dos metadados SAML do fornecedor de identidade ou cole o XML',
  samlMetadataUrlInvalid: 'Indique o endereço (URL) dos metadados SAML, começado por https://',
  samlMetadataTooLarge: 'O XML dos metadados SAML é demasiado grande (máximo 200 000 caracteres)',
  samlMetadataInvalid:
    'Os metadados SAML não são válidos: são precisos o entityID do fornecedor de identidade, um SingleSignOnService HTTP-Redirect e um certificado de assinatura',
  samlMetadataUnreachable:
    'Não foi possível obter os metadados SAML deste endereço. Confirme o endereço ou cole o XML.',
  samlResponseInvalid:
    'A resposta SAML do fornecedor de identidade não é válida (assinatura, destinatário, audiência ou validade). Volte a tentar ou contacte o administrador da sua organização.',
  samlResponseUnsolicited:
    'Esta resposta SAML não corresponde a um pedido de início de sessão feito aqui, ou o pedido expirou. Volte a tentar.',
  samlReplay: 'Esta resposta SAML já foi usada. Volte a iniciar sessão.',
  samlMissing: 'Falta a resposta SAML (SAMLResponse) do fornecedor de identidade.',
} as const;

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];
export const SSO_PROTOCOL_LABELS: Record<SsoProtocol, string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

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

const HttpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .pipe(z.url({ protocol: /^https?$/, error: message }));

export const SsoConnectionInputSchema = z
  .object({
    /** Absent means OpenID Connect (the first protocol the API had). */
    protocol: z.enum(SSO_PROTOCOLS).default('oidc'),
    /** OpenID Connect: the issuer, client id and secret. */
    issuer: HttpUrl(SSO_MESSAGES.issuerInvalid).optional(),
    clientId: z.string().trim().max(500).optional(),
    /** Absent or empty keeps the secret saved; required the first time. */
    clientSecret: z.string().max(2000).optional(),
    /** SAML 2.0: the identity provider's metadata, by URL (read by the server) or pasted; neither keeps the saved. */
    samlMetadataUrl: HttpUrl(SSO_MESSAGES.samlMetadataUrlInvalid).optional(),
    samlMetadataXml: z.string().trim().max(200_000, SSO_MESSAGES.samlMetadataTooLarge).optional(),
    domains: z
      .array(SsoDomainSchema)
      .min(1, SSO_MESSAGES.domainInvalid)
      .max(20, SSO_MESSAGES.domainsTooMany)
      .transform((list) => [...new Set(list)]),
    defaultRole: z.enum(SSO_JIT_ROLES).default('sales'),
    enforce: z.boolean().default(false),
    breakGlassUserId: z.uuid().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.protocol === 'oidc') {
      if (!v.issuer) ctx.addIssue({ code: 'custom', path: ['issuer'], message: SSO_MESSAGES.issuerInvalid });
      if (!v.clientId)
        ctx.addIssue({ code: 'custom', path: ['clientId'], message: SSO_MESSAGES.clientIdRequired });
    }
    if (v.enforce && v.breakGlassUserId === null)
      ctx.addIssue({ code: 'custom', path: ['breakGlassUserId'], message: SSO_MESSAGES.breakGlassRequired });
  });

export const SsoDomainStatusSchema = z.object({
  domain: z.string(),
  /** The TXT record to publish: name and value. */
  recordName: z.string(),
  recordValue: z.string(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
});

/** What the service provider (Aceite) is to the identity provider: to copy, or to download as metadata. */
export const SsoSamlSpSchema = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  metadataUrl: z.string(),
});

export const SsoSamlIdpSchema = z.object({
  /** The metadata's address, when it was read from one (null when pasted). */
  metadataUrl: z.string().nullable(),
  ssoUrl: z.string(),
  /** The signing certificates' SHA-256 fingerprints (colon-separated hex). */
  certificateFingerprints: z.array(z.string()),
});

export const SsoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  /** OIDC: the issuer URL. SAML: the identity provider's entity id. */
  issuer: z.string(),
  /** OIDC only (null for SAML). */
  clientId: z.string().nullable(),
  /** The secret itself is never answered. */
  clientSecretSet: z.boolean(),
  /** SAML only (null for OIDC). */
  samlIdp: SsoSamlIdpSchema.nullable(),
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
  /** Our SAML service provider's entity id, ACS URL and metadata (the same before a connection is saved). */
  samlSp: SsoSamlSpSchema,
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

export const SsoSamlMetadataParamsSchema = z.object({ organizationId: z.uuid() });

/** The identity provider's HTTP-POST answer to the ACS (form-encoded). */
export const SsoSamlAcsBodySchema = z.object({
  SAMLResponse: z.string().max(1_000_000).optional(),
  RelayState: z.string().max(200).optional(),
});

export const SsoCallbackQuerySchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  /** RFC 9207: the issuer of the answer, checked by openid-client when the provider sends it. */
  iss: z.string().max(500).optional(),
});
