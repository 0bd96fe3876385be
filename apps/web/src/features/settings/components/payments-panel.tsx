import { checkFeature } from '@aceite/shared/plans';
import {
  type PaymentSettings,
  SEPA_INSTALMENTS_MAX,
  SEPA_INSTALMENTS_MIN,
  SepaCreditorInputSchema,
} from '@aceite/shared/schemas/sepa-settings';
import { SEPA_NAME_MAX } from '@aceite/shared/sepa/text';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { usePlanUsage } from '@/api/plan-usage';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';
import { PanelStates } from '@/components/panel-states';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePaymentSettings } from '../api/get-payment-settings';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import type { ReportMessage } from './settings-message';

const FIELDS = ['name', 'creditorIdentifier', 'iban', 'bic', 'defaultPattern', 'defaultInstalments'] as const;

interface Values {
  name: string;
  creditorIdentifier: string;
  iban: string;
  bic: string;
  defaultPattern: 'oneOff' | 'monthly';
  defaultInstalments: number | string;
}

function initialValues(settings: PaymentSettings): Values {
  const c = settings.creditor;
  return {
    name: c?.name ?? '',
    creditorIdentifier: c?.creditorIdentifier ?? '',
    iban: c?.iban ?? '',
    bic: c?.bic ?? '',
    defaultPattern: c?.defaultPattern ?? 'oneOff',
    defaultInstalments: c?.defaultInstalments ?? 12,
  };
}

/** The form's values as the API's payload: the instalments only for the monthly pattern. */
function toInput(values: Values) {
  return {
    ...values,
    defaultInstalments:
      values.defaultPattern === 'monthly' && values.defaultInstalments !== ''
        ? Number(values.defaultInstalments)
        : null,
  };
}

function CreditorForm({ settings, onMessage }: { settings: PaymentSettings; onMessage: ReportMessage }) {
  const update = useUpdatePaymentSettings();
  const form = useForm<Values>({
    initialValues: initialValues(settings),
    validate: (values) => schemaResolver(SepaCreditorInputSchema, { sync: true })(toInput(values) as never),
    validateInputOnBlur: true,
  });
  const disabled = !settings.available;

  const handleSubmit = form.onSubmit((values) => {
    onMessage(null);
    update.mutate(toInput(values), {
      onSuccess: (saved) => {
        form.setValues(initialValues(saved));
        form.resetDirty(initialValues(saved));
        onMessage({ type: 'success', text: 'Dados de cobrança guardados.' });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao guardar os dados de cobrança') });
        }
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome do credor"
          description={`Como aparece no extrato do cliente (até ${SEPA_NAME_MAX} caracteres).`}
          required
          maxLength={SEPA_NAME_MAX}
          disabled={disabled}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Identificador de credor SEPA"
          description="Atribuído pelo banco (em Portugal, PT + 2 algarismos + ZZZ + 6 algarismos)."
          required
          autoComplete="off"
          disabled={disabled}
          {...form.getInputProps('creditorIdentifier')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="IBAN da conta de cobrança"
            required
            autoComplete="off"
            disabled={disabled}
            {...form.getInputProps('iban')}
          />
          <TextInput
            label="BIC"
            description="Opcional para contas no Espaço Económico Europeu."
            autoComplete="off"
            disabled={disabled}
            {...form.getInputProps('bic')}
          />
        </SimpleGrid>
        <LabelledSegmentedControl
          label="Padrão de cobrança por omissão"
          data={[
            { value: 'oneOff', label: 'Cobrança única' },
            { value: 'monthly', label: 'Prestações mensais' },
          ]}
          disabled={disabled}
          {...form.getInputProps('defaultPattern')}
        />
        {form.values.defaultPattern === 'monthly' && (
          <NumberInput
            label="Número de prestações"
            min={SEPA_INSTALMENTS_MIN}
            max={SEPA_INSTALMENTS_MAX}
            allowDecimal={false}
            allowNegative={false}
            required
            disabled={disabled}
            maw={240}
            {...form.getInputProps('defaultInstalments')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={disabled}>
            Guardar dados de cobrança
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Configurações → Pagamentos (admins; docs/product.md#sepa-direct-debit): the organization as a SEPA Direct
 * Debit creditor. The mandates and collections come in the next steps of issue 39.
 */
export function PaymentsPanel({ onMessage }: { onMessage: ReportMessage }) {
  const query = usePaymentSettings();
  // The plan's refusal in the server's words, read only when the plan lacks SEPA.
  const usage = usePlanUsage({ enabled: query.data?.available === false });
  const verdict = usage.data ? checkFeature(usage.data.plan, 'sepa') : null;
  const planReason = verdict && !verdict.ok ? verdict.message : null;
  return (
    <PanelStates
      query={query}
      loadingLabel="A carregar os dados de cobrança…"
      error={{ title: 'Erro ao carregar os dados de cobrança', message: 'Tente novamente.' }}
    >
      {(settings) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Débito Direto SEPA
            </Title>
            <Text c="dimmed" size="sm">
              Os dados da sua organização como credor: com eles, os clientes autorizam o débito na conta ao
              aceitar a proposta.
            </Text>
          </Stack>
          {!settings.available && (
            <Alert variant="light" color="blue">
              {planReason ?? 'O seu plano não inclui pagamentos por Débito Direto SEPA.'}
            </Alert>
          )}
          {settings.available && !settings.creditor && (
            <Text size="sm">Ainda não configurou os dados de cobrança.</Text>
          )}
          <CreditorForm settings={settings} onMessage={onMessage} />
        </Stack>
      )}
    </PanelStates>
  );
}
