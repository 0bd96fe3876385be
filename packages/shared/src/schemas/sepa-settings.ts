import { z } from 'zod';
import {
  ibanNeedsBic,
  isValidSepaBic,
  isValidSepaIban,
  normalizeBic,
  normalizeIban,
} from '../sepa/bank-account.ts';
import {
  CREDITOR_IDENTIFIER_MAX,
  isValidCreditorIdentifier,
  normalizeCreditorIdentifier,
} from '../sepa/creditor-identifier.ts';
import { SEPA_MESSAGES } from '../sepa/messages.ts';
import { isSepaName, SEPA_NAME_MAX } from '../sepa/text.ts';

/*
 * The organization as a SEPA Direct Debit creditor (GET/PUT /settings/payments, Configurações → Pagamentos;
 * docs/product.md#sepa-direct-debit): one schema for the form and the API, so both say the same words.
 */

export const SEPA_PATTERNS = ['oneOff', 'monthly'] as const;
export type SepaPattern = (typeof SEPA_PATTERNS)[number];
export const SEPA_INSTALMENTS_MIN = 2;
export const SEPA_INSTALMENTS_MAX = 60;

export const SepaCreditorInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, SEPA_MESSAGES.sepaCreditorNameRequired)
      .max(SEPA_NAME_MAX, SEPA_MESSAGES.sepaCreditorNameTooLong)
      .refine(isSepaName, SEPA_MESSAGES.sepaCreditorNameCharacters),
    creditorIdentifier: z
      .string()
      .max(CREDITOR_IDENTIFIER_MAX + 10, SEPA_MESSAGES.sepaCreditorIdentifierInvalid)
      .transform(normalizeCreditorIdentifier)
      .refine(isValidCreditorIdentifier, SEPA_MESSAGES.sepaCreditorIdentifierInvalid),
    iban: z
      .string()
      .max(50, SEPA_MESSAGES.sepaIbanInvalid)
      .transform(normalizeIban)
      .refine(isValidSepaIban, SEPA_MESSAGES.sepaIbanInvalid),
    /** Optional inside the European Economic Area (docs/decisions.md, "SEPA"); '' or null: none. */
    bic: z
      .string()
      .max(20, SEPA_MESSAGES.sepaBicInvalid)
      .transform(normalizeBic)
      .refine((v) => v === '' || isValidSepaBic(v), SEPA_MESSAGES.sepaBicInvalid)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .default(null),
    defaultPattern: z.enum(SEPA_PATTERNS, { error: SEPA_MESSAGES.sepaPatternInvalid }),
    /** Monthly instalments; null for one-off. */
    defaultInstalments: z
      .number({ error: SEPA_MESSAGES.sepaInstalmentsInvalid })
      .int(SEPA_MESSAGES.sepaInstalmentsInvalid)
      .min(SEPA_INSTALMENTS_MIN, SEPA_MESSAGES.sepaInstalmentsInvalid)
      .max(SEPA_INSTALMENTS_MAX, SEPA_MESSAGES.sepaInstalmentsInvalid)
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.bic === null && isValidSepaIban(v.iban) && ibanNeedsBic(v.iban)) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: SEPA_MESSAGES.sepaBicRequired });
    }
    if (v.defaultPattern === 'monthly' && v.defaultInstalments === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultInstalments'],
        message: SEPA_MESSAGES.sepaInstalmentsInvalid,
      });
    }
  })
  .transform((v) => ({
    ...v,
    defaultInstalments: v.defaultPattern === 'monthly' ? v.defaultInstalments : null,
  }));
export type SepaCreditorInput = z.input<typeof SepaCreditorInputSchema>;

/** The creditor as the settings screen reads it: the IBAN whole (admins only; the export needs it). */
export const SepaCreditorSchema = z.object({
  name: z.string(),
  creditorIdentifier: z.string(),
  iban: z.string(),
  /** The IBAN as every other screen shows it (`PT50 •••• … 0154`). */
  ibanMasked: z.string(),
  bic: z.string().nullable(),
  defaultPattern: z.enum(SEPA_PATTERNS),
  defaultInstalments: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type SepaCreditor = z.infer<typeof SepaCreditorSchema>;

/** GET /settings/payments: the creditor (null until an admin saves it) and whether the plan includes SEPA. */
export const PaymentSettingsSchema = z.object({
  creditor: SepaCreditorSchema.nullable(),
  /** The plan includes SEPA Direct Debit (Professional and Enterprise). */
  available: z.boolean(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/**
 * GET /settings/payments/readiness, for every member (the proposal editor's "Pagamento por Débito Direto SEPA",
 * docs/product.md#the-schedule-in-the-proposal): whether the plan includes SEPA, whether the creditor is saved,
 * and the creditor's default pattern — never the creditor's account.
 */
export const SepaReadinessSchema = z.object({
  /** The plan includes SEPA Direct Debit: the editor shows the switch. */
  available: z.boolean(),
  /** An admin saved the creditor (Configurações → Pagamentos): the switch can be turned on. */
  ready: z.boolean(),
  defaultPattern: z.enum(['oneOff', 'monthly']),
  /** The default number of monthly instalments; null for a one-off default. */
  defaultInstalments: z.number().int().nullable(),
});
export type SepaReadiness = z.infer<typeof SepaReadinessSchema>;
