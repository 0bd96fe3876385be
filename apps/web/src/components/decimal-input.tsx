import { decimalParseMessage, formatDecimalPt, parseDecimalPt } from '@aceite/shared/money';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useState } from 'react';

/** What the field reports: a number, '' while empty, or the text as typed while it is not a valid number. */
export type DecimalValue = number | string;

export interface DecimalInputProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> {
  /** Optional only for `@mantine/form`'s `getInputProps` typing; always pass one. */
  value?: DecimalValue;
  onChange: (value: DecimalValue) => void;
  /** Money shows two decimals back ("1 250,50"); quantities and percentages only what they have. */
  money?: boolean;
  maxDecimals?: number;
  /** A value above this is refused as it is typed (the keystroke is not taken): 100 for a percentage. */
  max?: number;
}

function display(value: DecimalValue, money: boolean, maxDecimals: number): string {
  if (typeof value === 'string') return value;
  return formatDecimalPt(value, { minDecimals: money ? 2 : 0, maxDecimals });
}

/** Whether the text on screen already stands for `value` (so an outside change must not retype it). */
function shows(text: string, value: DecimalValue, maxDecimals: number): boolean {
  if (typeof value === 'string') return value === text;
  const parsed = parseDecimalPt(text, { maxDecimals });
  return parsed.ok && parsed.value === value;
}

/**
 * A number field that reads pt-PT input with the shared `parseDecimalPt` ("1.250,50", "1250,50",
 * "1 250,50") and shows it back formatted when left. Ambiguous text ("12.5") is refused with a message
 * under the field and reported as the text itself, so the form's validation refuses it too: never a guess.
 */
export function DecimalInput({
  value = '',
  onChange,
  money = false,
  maxDecimals = 2,
  max,
  error,
  onBlur,
  ...props
}: DecimalInputProps) {
  const [text, setText] = useState(() => display(value, money, maxDecimals));
  const [shown, setShown] = useState(value);
  const [touched, setTouched] = useState(false);
  if (!Object.is(shown, value)) {
    // Set from outside (a catalogue product, a reset, a normalised quantity): show the new value.
    setShown(value);
    if (!shows(text, value, maxDecimals)) setText(display(value, money, maxDecimals));
  }

  const parsed = parseDecimalPt(text, { maxDecimals });
  const parseError = touched && !parsed.ok ? decimalParseMessage(parsed.error, maxDecimals) : null;

  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={parseError ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const result = parseDecimalPt(next, { maxDecimals });
        // Over `max`, the keystroke is not taken: the field keeps what it showed.
        if (max !== undefined && result.ok && result.value !== null && result.value > max) return;
        setText(next);
        const reported = result.ok ? (result.value ?? '') : next;
        setShown(reported);
        onChange(reported);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setTouched(true);
        if (parsed.ok && parsed.value !== null) setText(display(parsed.value, money, maxDecimals));
        onBlur?.(event);
      }}
    />
  );
}
