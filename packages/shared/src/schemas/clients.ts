import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { PROPOSAL_STATUSES } from '../proposal-status.ts';
import { isValidTaxId, normalizeTaxId } from '../tax-id.ts';
import { stripBidiControls } from '../text.ts';

/** Country choices of the client form (docs/product.md#clients), Portugal by default. */
export const COUNTRIES = [
  'Portugal',
  'Espanha',
  'Brasil',
  'França',
  'Alemanha',
  'Reino Unido',
  'Outro',
] as const;

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

export const AddressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
});

/** A client as the API returns it (docs/product.md#clients). */
export const ClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  taxId: z.string().nullable(),
  address: AddressSchema,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/** A proposal of a client, as listed on the client's page. */
export const ClientProposalSchema = z.object({
  id: z.uuid(),
  /** docs/product.md#proposal-numbers */
  number: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  totalValue: z.number().int(),
  /** The total the client agreed to, null until accepted (docs/product.md#signed-figures). */
  agreedTotal: z.number().int().nullable(),
  /** When signed, so the status reads 'Assinada' as in every list (issue 19). */
  signedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const ClientDetailSchema = ClientSchema.extend({ proposals: z.array(ClientProposalSchema) });
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

/**
 * Deleting a client: removed, or pseudonymised when they answered a proposal (the evidence stays,
 * docs/product.md#personal-data).
 */
export const DeleteClientResultSchema = z.object({ ok: z.literal(true), pseudonymised: z.boolean() });
export type DeleteClientResult = z.infer<typeof DeleteClientResultSchema>;

/**
 * Create and update body. Name and email required ('Nome e Email são obrigatórios'); the tax id is checked
 * against the country (docs/product.md#tax-ids: the NIF's check digit in Portugal, 'NIF inválido').
 */
export const ClientInputSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.clientRequired })
      .overwrite(stripBidiControls)
      .trim()
      .min(1, MESSAGES.clientRequired)
      .max(200),
    company: optionalText(200),
    email: z
      .string({ error: MESSAGES.clientRequired })
      .trim()
      .toLowerCase()
      .min(1, MESSAGES.clientRequired)
      .max(254, MESSAGES.emailInvalid)
      .pipe(z.email(MESSAGES.emailInvalid)),
    phone: optionalText(40),
    taxId: optionalText(60),
    address: z
      .object({
        street: optionalText(200),
        city: optionalText(100),
        postalCode: optionalText(20),
        country: z.enum(COUNTRIES).default('Portugal'),
      })
      .default({ street: null, city: null, postalCode: null, country: 'Portugal' }),
    notes: optionalText(5000),
  })
  .superRefine((value, ctx) => {
    if (!isValidTaxId(value.taxId, value.address.country)) {
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: MESSAGES.taxIdInvalid, input: value.taxId });
    }
  })
  .transform((value) => ({
    ...value,
    taxId: value.taxId ? normalizeTaxId(value.taxId, value.address.country) : null,
  }));
export type ClientInput = z.input<typeof ClientInputSchema>;

export const ListClientsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
