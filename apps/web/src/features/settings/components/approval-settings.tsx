import { MESSAGES } from '@aceite/shared/messages';
import {
  approvalMinDiscountPercent,
  approvalMinTotal,
  approvalSelfApproves,
} from '@aceite/shared/schemas/organization-settings';
import { type Organization, OrganizationInputSchema } from '@aceite/shared/schemas/users';
import { Button, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateOrganization } from '../api/update-organization';
import type { ReportMessage } from './settings-message';

interface ApprovalValues {
  totalOn: boolean;
  /** Euros, as typed. */
  total: number | string;
  discountOn: boolean;
  discount: number | string;
  selfApproves: boolean;
}

/** The organization's approval policy as the form edits it (the total in euros; stored in cents). */
export function approvalValues(settings: Organization['settings']): ApprovalValues {
  const total = approvalMinTotal(settings);
  const discount = approvalMinDiscountPercent(settings);
  return {
    totalOn: total !== null,
    total: total === null ? '' : total / 100,
    discountOn: discount !== null,
    discount: discount ?? '',
    selfApproves: approvalSelfApproves(settings),
  };
}

/** The settings keys the form writes; a rule that is off is stored as null. */
export function approvalSettings(values: ApprovalValues): Record<string, number | boolean | null> {
  return {
    approvalMinTotal: values.totalOn ? Math.round(Number(values.total) * 100) : null,
    approvalMinDiscountPercent: values.discountOn ? Number(values.discount) : null,
    approvalSelfApproves: values.selfApproves,
  };
}

const positive = (v: number | string) => v !== '' && Number.isFinite(Number(v)) && Number(v) > 0;

/**
 * Settings → Organização → 'Aprovação obrigatória' (admins; docs/product.md#approvals): a total and/or a discount
 * from which a proposal needs approval before it is sent, each rule on or off (both off by default), and whether
 * admins and managers skip the approval of their own proposals (on by default). Saved on its own.
 */
export function ApprovalSettings({
  organization,
  onMessage,
}: {
  organization: Organization;
  onMessage: ReportMessage;
}) {
  const update = useUpdateOrganization();
  const form = useForm<ApprovalValues>({
    initialValues: approvalValues(organization.settings),
    validate: {
      total: (v, values) => (values.totalOn && !positive(v) ? MESSAGES.approvalMinTotalInvalid : null),
      discount: (v, values) =>
        values.discountOn && (!positive(v) || Number(v) > 100) ? MESSAGES.approvalMinDiscountInvalid : null,
    },
  });

  const submit = form.onSubmit((values) => {
    onMessage(null);
    const input = OrganizationInputSchema.safeParse({
      name: organization.name,
      domain: organization.domain,
      branding: organization.branding,
      settings: { ...organization.settings, ...approvalSettings(values) },
    });
    if (!input.success) {
      onMessage({ type: 'error', text: input.error.issues[0]?.message ?? MESSAGES.approvalMinTotalInvalid });
      return;
    }
    update.mutate(input.data, {
      onSuccess: (saved) => {
        form.setInitialValues(approvalValues(saved.settings));
        form.reset();
        onMessage({ type: 'success', text: 'Regras de aprovação guardadas.' });
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.details[0] : undefined;
        if (detail?.field === 'settings.approvalMinTotal') form.setFieldError('total', detail.message);
        else if (detail?.field === 'settings.approvalMinDiscountPercent')
          form.setFieldError('discount', detail.message);
        else
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao guardar as regras de aprovação') });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="approval-settings-title">
      <Stack gap="md" mt="xl">
        <div>
          <Title order={3} size="h4" id="approval-settings-title">
            Aprovação obrigatória
          </Title>
          <Text size="sm" c="dimmed">
            Uma proposta que atinja uma destas regras só pode ser enviada ou partilhada depois de aprovada por
            um gestor da equipa do responsável ou por um administrador.
          </Text>
        </div>
        <Switch label="A partir de um valor total" {...form.getInputProps('totalOn', { type: 'checkbox' })} />
        {form.values.totalOn && (
          <NumberInput
            label="Total igual ou superior a (€, com IVA)"
            min={0.01}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator=" "
            allowNegative={false}
            maw={{ sm: 320 }}
            {...form.getInputProps('total')}
          />
        )}
        <Switch
          label="A partir de uma percentagem de desconto"
          description="Conta o desconto da proposta (um desconto fixo como parte do subtotal) ou o de qualquer linha."
          {...form.getInputProps('discountOn', { type: 'checkbox' })}
        />
        {form.values.discountOn && (
          <NumberInput
            label="Desconto igual ou superior a (%)"
            min={0.01}
            max={100}
            decimalScale={2}
            decimalSeparator=","
            allowNegative={false}
            maw={{ sm: 320 }}
            {...form.getInputProps('discount')}
          />
        )}
        <Switch
          label="Administradores e gestores aprovam as próprias propostas"
          description="Ligado: enviam as suas propostas sem pedir aprovação. Desligado: também pedem a outro gestor ou administrador."
          {...form.getInputProps('selfApproves', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={update.isPending}>
            Guardar aprovações
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
