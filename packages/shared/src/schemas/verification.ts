import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A typed code to its canonical "XXXX-XXXX-XXXX" form (case, spaces and dashes ignored; O read as 0, I and L
 * as 1), or null when it cannot be one (docs/product.md#verification).
 */
export function normalizeVerificationCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== 12) return null;
  for (const ch of compact) if (!VERIFICATION_CODE_ALPHABET.includes(ch)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}

/**
 * The code printed on the certificate, the SHA-256 of the file (hashed in the browser), or both: a known code
 * with a different file answers that the file was altered after sealing.
 */
export const VerifyInputSchema = z
  .object({
    code: z.string().max(40, MESSAGES.verificationCodeInvalid).optional(),
    sha256: z.string().max(64, MESSAGES.verificationHashInvalid).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.code === undefined && input.sha256 === undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: MESSAGES.verificationInputRequired });
    }
    if (input.code !== undefined && normalizeVerificationCode(input.code) === null) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: MESSAGES.verificationCodeInvalid });
    }
    if (input.sha256 !== undefined && !/^[0-9a-fA-F]{64}$/.test(input.sha256)) {
      ctx.addIssue({ code: 'custom', path: ['sha256'], message: MESSAGES.verificationHashInvalid });
    }
  });
export type VerifyInput = z.infer<typeof VerifyInputSchema>;

/**
 * What /verificar shows about a document Aceite sealed, as the certificate recorded it when sealed (never the
 * live proposal or client); a non-match is a 404 and shows nothing (docs/product.md#verification).
 */
export const VerificationResultSchema = z.object({
  verificationCode: z.string(),
  proposalTitle: z.string(),
  organizationName: z.string(),
  signerName: z.string().nullable(),
  decision: z.enum(['accepted', 'signed']),
  decidedAt: z.string(),
  sealedAt: z.string(),
  /** The total decided on, in cents, and its currency. */
  total: z.number().int(),
  currency: z.string(),
  /** SHA-256 (hex) of the sealed file's bytes, to compare with one's own copy. */
  sha256: z.string(),
  /**
   * The file sent with the code: true when it is the sealed one, false when it differs (altered after sealing),
   * null when only a code was given.
   */
  fileMatches: z.boolean().nullable(),
  /** Whether the proposal's evidence chain still holds the events printed on the certificate. */
  chainIntact: z.boolean(),
});
export type VerificationResult = z.infer<typeof VerificationResultSchema>;
