import { z } from 'zod';

/**
 * API keys (docs/product.md#api-keys): an organization's integrations call `/api/v1` with
 * `Authorization: Bearer ak_…`. Read-only keys have a viewer's rights, read-write keys a manager's.
 */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Só leitura',
  write: 'Leitura e escrita',
};

/** Every key starts with it, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'ak_';

/** The texts of the API keys, shared by the server and the screen. */
export const API_KEY_MESSAGES = {
  nameRequired: 'Indique um nome para a chave',
  nameTooLong: 'O nome não pode ter mais de 100 caracteres',
  scopeInvalid: 'Escolha o acesso da chave',
  expiryInPast: 'A data de expiração tem de ser futura',
  expiryTooFar: 'A data de expiração não pode passar de 2 anos',
  notFound: 'Chave de API não encontrada',
  invalidKey: 'Chave de API inválida, revogada ou expirada.',
  areaRefused: 'As chaves de API não dão acesso a esta área.',
  ownerRequired:
    'Indique o responsável da proposta (ownerId): a chave de API não pode ser responsável por propostas.',
  rateLimited: 'Demasiados pedidos com esta chave de API. Tente novamente dentro de um minuto.',
  holderGone:
    'Esta chave de API está inativa: quem a criou já não é administrador ativo da organização. Um administrador pode transferi-la para si ou revogá-la.',
  inactiveBadge: 'Inativa: o criador já não é administrador',
  transferTargetRequired: 'Escolha o administrador que fica com a chave',
  transferTargetNotAdmin: 'A chave só pode ser transferida para um administrador ativo da organização.',
  transferTargetNotFound: 'Utilizador não encontrado',
} as const;

const MAX_EXPIRY_MS = 2 * 366 * 24 * 3600 * 1000;

export const CreateApiKeyInputSchema = z.object({
  name: z
    .string(API_KEY_MESSAGES.nameRequired)
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(100, API_KEY_MESSAGES.nameTooLong),
  scope: z.enum(API_KEY_SCOPES, API_KEY_MESSAGES.scopeInvalid),
  /** Optional: without it the key lasts until revoked. */
  expiresAt: z.iso
    .datetime({ offset: true, message: 'Data inválida' })
    .nullish()
    .refine((v) => v == null || Date.parse(v) > Date.now(), API_KEY_MESSAGES.expiryInPast)
    .refine((v) => v == null || Date.parse(v) < Date.now() + MAX_EXPIRY_MS, API_KEY_MESSAGES.expiryTooFar),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

/** A key as listed: never its secret nor its hash. */
export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key (`ak_` + 8), to tell keys apart. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  createdByName: z.string().nullable(),
  /**
   * Whether the key works: false once its holder is deactivated, removed or no longer an admin (issue 34); an
   * admin may then transfer it (`POST /settings/api-keys/{id}/transfer`) or revoke it.
   */
  isActive: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to creating a key: the whole key, shown this once. */
export const CreatedApiKeySchema = z.object({
  apiKey: ApiKeySchema,
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** Hands a key to another active admin of the organization (issue 34, docs/product.md#api-keys). */
export const TransferApiKeyInputSchema = z.object({
  userId: z.uuid(API_KEY_MESSAGES.transferTargetRequired),
});
export type TransferApiKeyInput = z.infer<typeof TransferApiKeyInputSchema>;
