import { MESSAGES } from '@aceite/shared/messages';
import {
  type ClientReminderKind,
  clientReminderDays,
  ownerSummaryEnabled,
  REMINDER_DEFAULT_DAYS,
  REMINDER_MAX_DAYS,
  REMINDER_MIN_DAYS,
} from '@aceite/shared/schemas/organization-settings';
import { type Organization, OrganizationInputSchema } from '@aceite/shared/schemas/users';
import { Button, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateOrganization } from '../api/update-organization';
import type { ReportMessage } from './settings-message';

interface ReminderValues {
  notOpenedOn: boolean;
  notOpenedDays: number | string;
  notAnsweredOn: boolean;
  notAnsweredDays: number | string;
  beforeExpiryOn: boolean;
  beforeExpiryDays: number | string;
  ownerSummaryOn: boolean;
}

const FIELDS = {
  not_opened: { on: 'notOpenedOn', days: 'notOpenedDays', setting: 'reminderNotOpenedDays' },
  not_answered: { on: 'notAnsweredOn', days: 'notAnsweredDays', setting: 'reminderNotAnsweredDays' },
  before_expiry: { on: 'beforeExpiryOn', days: 'beforeExpiryDays', setting: 'reminderBeforeExpiryDays' },
} as const satisfies Record<
  ClientReminderKind,
  { on: keyof ReminderValues; days: keyof ReminderValues; setting: string }
>;

/** The organization's reminders as the form edits them: a reminder that is off keeps its days on screen. */
export function reminderValues(settings: Organization['settings']): ReminderValues {
  const days = (kind: ClientReminderKind) => {
    const saved = settings[FIELDS[kind].setting];
    return typeof saved === 'number'
      ? saved
      : (clientReminderDays(settings, kind) ?? REMINDER_DEFAULT_DAYS[kind]);
  };
  return {
    notOpenedOn: clientReminderDays(settings, 'not_opened') !== null,
    notOpenedDays: days('not_opened'),
    notAnsweredOn: clientReminderDays(settings, 'not_answered') !== null,
    notAnsweredDays: days('not_answered'),
    beforeExpiryOn: clientReminderDays(settings, 'before_expiry') !== null,
    beforeExpiryDays: days('before_expiry'),
    ownerSummaryOn: ownerSummaryEnabled(settings),
  };
}

/** The flat settings keys the form writes. */
export function reminderSettings(values: ReminderValues): Record<string, number | boolean> {
  return {
    reminderNotOpenedEnabled: values.notOpenedOn,
    reminderNotOpenedDays: Number(values.notOpenedDays),
    reminderNotAnsweredEnabled: values.notAnsweredOn,
    reminderNotAnsweredDays: Number(values.notAnsweredDays),
    reminderBeforeExpiryEnabled: values.beforeExpiryOn,
    reminderBeforeExpiryDays: Number(values.beforeExpiryDays),
    reminderOwnerSummaryEnabled: values.ownerSummaryOn,
  };
}

const validDays = (v: number | string) =>
  v !== '' && Number.isInteger(Number(v)) && Number(v) >= REMINDER_MIN_DAYS && Number(v) <= REMINDER_MAX_DAYS;

const FIELD_OF_SETTING: Record<string, keyof ReminderValues> = {
  'settings.reminderNotOpenedDays': 'notOpenedDays',
  'settings.reminderNotAnsweredDays': 'notAnsweredDays',
  'settings.reminderBeforeExpiryDays': 'beforeExpiryDays',
};

/**
 * Settings → Organização → 'Lembretes automáticos' (admins; docs/product.md#reminders): the three reminders to
 * the client, each on or off with its days (1–60), and the owners' daily summary. All on by default. Saved on
 * its own.
 */
export function ReminderSettings({
  organization,
  onMessage,
}: {
  organization: Organization;
  onMessage: ReportMessage;
}) {
  const update = useUpdateOrganization();
  const form = useForm<ReminderValues>({
    initialValues: reminderValues(organization.settings),
    validate: {
      notOpenedDays: (v, values) =>
        values.notOpenedOn && !validDays(v) ? MESSAGES.reminderDaysInvalid : null,
      notAnsweredDays: (v, values) =>
        values.notAnsweredOn && !validDays(v) ? MESSAGES.reminderDaysInvalid : null,
      beforeExpiryDays: (v, values) =>
        values.beforeExpiryOn && !validDays(v) ? MESSAGES.reminderDaysInvalid : null,
    },
  });

  const submit = form.onSubmit((values) => {
    onMessage(null);
    // A reminder that is off keeps its last valid days (or the default): the server takes 1–60 only.
    const written = reminderSettings(values);
    for (const kind of Object.keys(FIELDS) as ClientReminderKind[]) {
      const { days, setting } = FIELDS[kind];
      if (!validDays(values[days] as number | string)) written[setting] = REMINDER_DEFAULT_DAYS[kind];
    }
    const input = OrganizationInputSchema.safeParse({
      name: organization.name,
      domain: organization.domain,
      branding: organization.branding,
      settings: { ...organization.settings, ...written },
    });
    if (!input.success) {
      onMessage({ type: 'error', text: input.error.issues[0]?.message ?? MESSAGES.reminderDaysInvalid });
      return;
    }
    update.mutate(input.data, {
      onSuccess: (saved) => {
        form.setInitialValues(reminderValues(saved.settings));
        form.reset();
        onMessage({ type: 'success', text: 'Lembretes guardados.' });
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.details[0] : undefined;
        const field = detail ? FIELD_OF_SETTING[detail.field] : undefined;
        if (detail && field) form.setFieldError(field, detail.message);
        else onMessage({ type: 'error', text: errorMessage(error, 'Erro ao guardar os lembretes') });
      },
    });
  });

  const daysInput = (on: keyof ReminderValues, days: keyof ReminderValues, label: string) =>
    form.values[on] ? (
      <NumberInput
        label={label}
        min={REMINDER_MIN_DAYS}
        max={REMINDER_MAX_DAYS}
        allowDecimal={false}
        clampBehavior="none"
        allowNegative={false}
        maw={{ sm: 320 }}
        {...form.getInputProps(days)}
      />
    ) : null;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reminder-settings-title">
      <Stack gap="md" mt="xl">
        <div>
          <Title order={3} size="h4" id="reminder-settings-title">
            Lembretes automáticos
          </Title>
          <Text size="sm" c="dimmed">
            Emails enviados pelo Aceite enquanto uma proposta aguarda resposta: no máximo um de cada tipo por
            proposta, nunca depois de uma resposta ou cancelamento. O cliente pode deixar de os receber.
          </Text>
        </div>
        <Switch
          label="Lembrar o cliente que ainda não abriu a proposta"
          {...form.getInputProps('notOpenedOn', { type: 'checkbox' })}
        />
        {daysInput('notOpenedOn', 'notOpenedDays', 'Dias depois do envio')}
        <Switch
          label="Lembrar o cliente que abriu mas não respondeu"
          {...form.getInputProps('notAnsweredOn', { type: 'checkbox' })}
        />
        {daysInput('notAnsweredOn', 'notAnsweredDays', 'Dias depois da última visualização')}
        <Switch
          label="Lembrar o cliente antes de a proposta expirar"
          {...form.getInputProps('beforeExpiryOn', { type: 'checkbox' })}
        />
        {daysInput('beforeExpiryOn', 'beforeExpiryDays', 'Dias antes da data de validade')}
        <Switch
          label="Resumo diário ao responsável"
          description="Um email por dia, a cada responsável, com as suas propostas a aguardar resposta do cliente."
          {...form.getInputProps('ownerSummaryOn', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={update.isPending}>
            Guardar lembretes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
