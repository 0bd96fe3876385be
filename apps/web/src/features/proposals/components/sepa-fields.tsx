import { calendarDay } from '@aceite/shared/dates';
import {
  earliestCollectionDate,
  SEPA_MAX_INSTALMENTS,
  SEPA_MIN_INSTALMENTS,
  type SepaPattern,
} from '@aceite/shared/sepa/schedule-core';
import { Anchor, SimpleGrid, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { DecimalInput } from '@/components/decimal-input';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { useSepaReadiness } from '../api/get-sepa-readiness';
import { useOrganizationTimeZone } from './dates';
import type { ProposalFormValues } from './proposal-form-values';
import { formSepaSchedule } from './sepa-preview';
import { SepaScheduleTable } from './sepa-schedule-table';

/**
 * "Pagamento por Débito Direto SEPA" in the editor (docs/product.md#the-schedule-in-the-proposal): shown when
 * the plan includes it (or the proposal already has it); off and explained, with the way to Configurações →
 * Pagamentos, until an admin saves the creditor. On: one-off or monthly, the first date and a live preview
 * of the schedule over the editor's total.
 */
export default function SepaFields({ form }: { form: UseFormReturnType<ProposalFormValues> }) {
  const readiness = useSepaReadiness();
  const timeZone = useOrganizationTimeZone();
  const values = form.getValues();
  const available = readiness.data?.available === true;
  if (!available && !values.sepaEnabled) return null;
  const ready = readiness.data?.ready === true;
  const blocked = !ready && !values.sepaEnabled;

  const turn = (on: boolean) => {
    form.setFieldValue('sepaEnabled', on);
    form.clearFieldError('sepaEnabled');
    if (!on || values.sepaFirstCollectionDate) return;
    // First time on: the creditor's default pattern, and the earliest date a client accepting today allows.
    const pattern: SepaPattern = readiness.data?.defaultPattern ?? 'oneOff';
    form.setFieldValue('sepaPattern', pattern);
    if (pattern === 'monthly')
      form.setFieldValue('sepaInstalments', readiness.data?.defaultInstalments ?? 12);
    form.setFieldValue('sepaFirstCollectionDate', earliestCollectionDate(calendarDay(new Date(), timeZone)));
  };

  const schedule = formSepaSchedule(values);
  return (
    <SectionPanel bodyGap="md" title="Pagamento">
      <Switch
        label="Pagamento por Débito Direto SEPA"
        description={
          blocked ? (
            <>
              Configure primeiro os dados de cobrança em{' '}
              <Anchor component={Link} to={paths.settingsPayments} size="xs" underline="always">
                Configurações → Pagamentos
              </Anchor>
              .
            </>
          ) : (
            'O cliente autoriza o débito na conta ao aceitar; os valores seguem o total aceite.'
          )
        }
        disabled={blocked}
        checked={values.sepaEnabled}
        error={form.errors.sepaEnabled}
        onChange={(event) => turn(event.currentTarget.checked)}
      />
      {values.sepaEnabled && (
        <>
          <LabelledSegmentedControl<SepaPattern>
            label="Cobrança"
            fullWidth
            data={[
              { value: 'oneOff', label: 'Cobrança única' },
              { value: 'monthly', label: 'Prestações mensais' },
            ]}
            value={values.sepaPattern}
            onChange={(pattern) => {
              form.setFieldValue('sepaPattern', pattern);
              if (pattern === 'monthly' && values.sepaInstalments === '') {
                form.setFieldValue('sepaInstalments', readiness.data?.defaultInstalments ?? 12);
              }
              form.clearFieldError('sepaInstalments');
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {values.sepaPattern === 'monthly' && (
              <DecimalInput
                label="Número de prestações"
                description={`De ${SEPA_MIN_INSTALMENTS} a ${SEPA_MAX_INSTALMENTS}.`}
                maxDecimals={0}
                max={SEPA_MAX_INSTALMENTS}
                {...form.getInputProps('sepaInstalments')}
              />
            )}
            <DateField
              label="Data da primeira cobrança"
              description="Se o cliente aceitar mais tarde, passa para 5 dias depois da aceitação."
              value={values.sepaFirstCollectionDate}
              error={form.errors.sepaFirstCollectionDate}
              onChange={(value) => form.setFieldValue('sepaFirstCollectionDate', value)}
              required
            />
          </SimpleGrid>
          {schedule.length > 0 ? (
            <SepaScheduleTable schedule={schedule} label="Plano de cobranças" />
          ) : (
            <Text size="sm" c="dimmed">
              O plano de cobranças aparece quando a proposta tiver um total e as condições estiverem
              completas.
            </Text>
          )}
        </>
      )}
    </SectionPanel>
  );
}
