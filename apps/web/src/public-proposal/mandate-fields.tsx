// Loaded with the dialogs (interactions, signature-modal), only when the client starts to answer: the SEPA
// mandate the client signs with the acceptance (issue 39, docs/product.md#the-mandate-at-acceptance). The
// IBAN checks (ibantools) stay out of the page's initial JavaScript.
// First: the one zod schema of this page (the mandate's) is built under the strict CSP (lib/zod-config.ts).
import '@/lib/zod-config';
import type { ShownProposal } from '@aceite/shared/schemas/shown-proposal';
import { ibanNeedsBic } from '@aceite/shared/sepa/bank-account';
import { type MandateInput, MandateInputSchema } from '@aceite/shared/sepa/mandate';
import { MANDATE_TITLE, sepaMandateText } from '@aceite/shared/sepa/mandate-text';
import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { Checkbox, TextInput } from './controls';
import { usePageId } from './page-id';

export interface MandateValues {
  debtorName: string;
  iban: string;
  bic: string;
  consent: boolean;
}

export type MandateErrors = Partial<Record<keyof MandateValues, string>>;

/** What the dialogs need: the values and errors the answer panel keeps (they survive closing a dialog). */
export interface MandateState {
  sepa: NonNullable<ShownProposal['sepa']>;
  values: MandateValues;
  errors: MandateErrors;
  onChange: (values: MandateValues, errors: MandateErrors) => void;
}

export const EMPTY_MANDATE: MandateValues = { debtorName: '', iban: '', bic: '', consent: false };

/** The IBAN as typed, in groups of four (upper case, no other spaces), as a bank statement prints it. */
export function groupIban(value: string): string {
  const compact = value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 34);
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The mandate checked with the server's schema, and the consent; the errors by field when it does not pass. */
export function checkMandate(values: MandateValues): { mandate: MandateInput } | { errors: MandateErrors } {
  const parsed = MandateInputSchema.safeParse({
    debtorName: values.debtorName,
    iban: values.iban,
    bic: values.bic || null,
  });
  const errors: MandateErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof MandateValues;
      errors[field] ??= issue.message;
    }
  }
  if (!values.consent) errors.consent = SEPA_MESSAGES.sepaMandateConsentRequired;
  if (!parsed.success || errors.consent) return { errors };
  return { mandate: parsed.data };
}

/** "Titular da conta", "IBAN", the BIC when the IBAN's country needs it, the mandate text and the consent. */
export function MandateFields({ state }: { state: MandateState }) {
  const id = usePageId();
  const { values, errors, sepa } = state;
  const set = (change: Partial<MandateValues>, field: keyof MandateValues) => {
    const { [field]: _cleared, ...rest } = errors;
    state.onChange({ ...values, ...change }, rest);
  };
  const needsBic = values.iban.replace(/\s/g, '').length >= 2 && ibanNeedsBic(values.iban);
  return (
    <fieldset className="pp-mandate" aria-describedby={`${id}-text`}>
      <legend className="pp-mandate-title">{MANDATE_TITLE}</legend>
      <TextInput
        label="Titular da conta"
        required
        autoComplete="name"
        maxLength={70}
        value={values.debtorName}
        error={errors.debtorName}
        onChange={(event) => set({ debtorName: event.currentTarget.value }, 'debtorName')}
      />
      <TextInput
        label="IBAN"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={42}
        placeholder="PT50 0000 0000 0000 0000 0000 0"
        value={values.iban}
        error={errors.iban}
        className="pp-iban-input"
        onChange={(event) => set({ iban: groupIban(event.currentTarget.value) }, 'iban')}
      />
      {needsBic ? (
        <TextInput
          label="BIC"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={11}
          description="Obrigatório para contas fora do Espaço Económico Europeu."
          value={values.bic}
          error={errors.bic}
          onChange={(event) => set({ bic: event.currentTarget.value.toUpperCase() }, 'bic')}
        />
      ) : null}
      <div className="pp-mandate-text" id={`${id}-text`} data-testid="mandate-text">
        {sepaMandateText({
          creditorName: sepa.creditorName,
          creditorIdentifier: sepa.creditorIdentifier,
          reference: null,
        }).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <Checkbox
        label="Autorizo o débito direto nos termos acima"
        checked={values.consent}
        error={errors.consent}
        onChange={(event) => set({ consent: event.currentTarget.checked }, 'consent')}
      />
    </fieldset>
  );
}
