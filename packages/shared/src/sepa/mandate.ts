import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  ibanNeedsBic,
  isValidSepaBic,
  isValidSepaIban,
  normalizeBic,
  normalizeIban,
} from './bank-account.ts';
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
        .string({ error: MESSAGES.sepaDebtorNameRequired })
        .trim()
        .min(1, MESSAGES.sepaDebtorNameRequired)
        .max(SEPA_NAME_MAX, MESSAGES.sepaDebtorNameTooLong)
        // No control characters: the name goes into the bank's file.
        .regex(/^[^\p{Cc}]*$/u, MESSAGES.sepaDebtorNameRequired),
      iban: z
        .string({ error: MESSAGES.sepaIbanInvalid })
        .max(64, MESSAGES.sepaIbanInvalid)
        .refine(isValidSepaIban, MESSAGES.sepaIbanInvalid)
        .transform(normalizeIban),
      bic: z
        .string()
        .max(20, MESSAGES.sepaBicInvalid)
        .nullish()
        .transform((v) => (v?.trim() ? normalizeBic(v) : null)),
    },
    { error: MESSAGES.sepaMandateRequired },
  )
  .superRefine((v, ctx) => {
    if (v.bic !== null && !isValidSepaBic(v.bic)) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: MESSAGES.sepaBicInvalid });
    } else if (v.bic === null && ibanNeedsBic(v.iban)) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: MESSAGES.sepaBicRequired });
    }
  });
export type MandateInput = z.infer<typeof MandateInputSchema>;
