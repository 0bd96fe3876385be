import { formatCalendarDate } from '@aceite/shared/dates';
import { TextInput } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  /** `YYYY-MM-DD` limits. */
  minDate?: string;
  maxDate?: string;
  required?: boolean;
}

// Mantine's date picker, dayjs and its Portuguese locale are ~20 kB: they load after the screen.
const DatePicker = lazy(() => import('./date-field-picker'));

/**
 * A date field that always writes dd/mm/aaaa, whatever the browser's language (native date inputs follow
 * the browser, so an English one shows mm/dd/yyyy): Mantine's `DateInput` in Portuguese, with a calendar.
 * Until the picker has loaded, a disabled field with the same label and date stands in.
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          description={props.description}
          value={props.value ? formatCalendarDate(props.value) : ''}
          placeholder="dd/mm/aaaa"
          required={props.required}
          disabled
          readOnly
        />
      }
    >
      <DatePicker {...props} />
    </Suspense>
  );
}
