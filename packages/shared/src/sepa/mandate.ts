import { z } from 'zod';
import {
  ibanNeedsBic,
  isValidSepaBic,
  isValidSepaIban,
  normalizeBic,
  normalizeIban,
} from './bank-account.ts';
import { SEPA_MESSAGES } from './messages.ts';
import type { SepaInstalment } from './schedule-core.ts';
import { SEPA_NAME_MAX } from './text.ts';

/*
 * The debtor's side of the mandate the client signs with the acceptance (issue 39,
 * docs/product.md#the-mandate-at-acceptance): the account holder, the IBAN and, outside the EEA, the BIC. The
 * public page checks it with the same schema before sending; the server checks it again.
 */

export const MandateInputSchema = z
  .object(
    {
      debtorName: z
        .string({ error: SEPA_MESSAGES.sepaDebtorNameRequired })
        .trim()
        .min(1, SEPA_MESSAGES.sepaDebtorNameRequired)
        .max(SEPA_NAME_MAX, SEPA_MESSAGES.sepaDebtorNameTooLong)
        // No control characters: the name goes into the bank's file.
        .regex(/^[^\p{Cc}]*$/u, SEPA_MESSAGES.sepaDebtorNameRequired),
      iban: z
        .string({ error: SEPA_MESSAGES.sepaIbanInvalid })
        .max(64, SEPA_MESSAGES.sepaIbanInvalid)
        .refine(isValidSepaIban, SEPA_MESSAGES.sepaIbanInvalid)
        .transform(normalizeIban),
      bic: z
        .string()
        .max(20, SEPA_MESSAGES.sepaBicInvalid)
        .nullish()
        .transform((v) => (v?.trim() ? normalizeBic(v) : null)),
    },
    { error: SEPA_MESSAGES.sepaMandateRequired },
  )
  .superRefine((v, ctx) => {
    if (v.bic !== null && !isValidSepaBic(v.bic)) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: SEPA_MESSAGES.sepaBicInvalid });
    } else if (v.bic === null && ibanNeedsBic(v.iban)) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: SEPA_MESSAGES.sepaBicRequired });
    }
  });
export type MandateInput = z.infer<typeof MandateInputSchema>;

/**
 * A signed mandate as the decision's evidence keeps it, the sealed certificate prints it and `mandate.created`
 * sends it (docs/product.md#the-mandate-at-acceptance): the IBAN only masked.
 */
export interface SignedMandateRecord {
  reference: string;
  signedAt: string;
  debtorName: string;
  ibanMasked: string;
  debtorBic: string | null;
  creditorName: string;
  creditorIdentifier: string;
  schedule: SepaInstalment[];
}
