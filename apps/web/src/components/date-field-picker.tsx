import '@mantine/dates/styles.css';
import 'dayjs/locale/pt';
import { parseCalendarDatePt } from '@aceite/shared/dates';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { DateFieldProps } from './date-field';

const ARIA_LABELS = {
  monthLevelControl: 'Escolher mês',
  yearLevelControl: 'Escolher ano',
  nextMonth: 'Mês seguinte',
  previousMonth: 'Mês anterior',
  nextYear: 'Ano seguinte',
  previousYear: 'Ano anterior',
  nextDecade: 'Década seguinte',
  previousDecade: 'Década anterior',
};

/** The loaded half of `DateField` (a default export for `lazy`). */
export default function DateFieldPicker({
  label,
  value,
  onChange,
  error,
  description,
  minDate,
  maxDate,
  required,
}: DateFieldProps) {
  return (
    <DatesProvider settings={{ locale: 'pt', firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        description={description}
        error={error}
        required={required}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseCalendarDatePt}
        placeholder="dd/mm/aaaa"
        minDate={minDate}
        maxDate={maxDate}
        clearable
        clearButtonProps={{ 'aria-label': `Limpar ${label.toLowerCase()}` }}
        ariaLabels={ARIA_LABELS}
        inputMode="numeric"
        autoComplete="off"
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
