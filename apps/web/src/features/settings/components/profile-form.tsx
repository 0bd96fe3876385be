import { MESSAGES } from '@aceite/shared/messages';
import { LOCALES, TIMEZONES } from '@aceite/shared/schemas/auth';
import { ProfileInputSchema } from '@aceite/shared/schemas/users';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { LoadingState } from '@/components/loading-state';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { type Profile, useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import type { ReportMessage } from './settings-message';

const FIELDS = ['firstName', 'lastName', 'locale', 'timezone'] as const;

const LOCALE_LABELS: Record<(typeof LOCALES)[number], string> = {
  'pt-PT': 'Português (Portugal)',
  'pt-BR': 'Português (Brasil)',
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  'es-ES': 'Español (España)',
  'fr-FR': 'Français (France)',
};

const TIMEZONE_LABELS: Record<(typeof TIMEZONES)[number], string> = {
  'Europe/Lisbon': 'Lisboa (Europe/Lisbon)',
  'America/Sao_Paulo': 'São Paulo (America/Sao_Paulo)',
  'America/New_York': 'Nova Iorque (America/New_York)',
  'America/Los_Angeles': 'Los Angeles (America/Los_Angeles)',
  'Europe/London': 'Londres (Europe/London)',
  'Europe/Paris': 'Paris (Europe/Paris)',
};

const LOCALE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_LABELS[value] }));
const TIMEZONE_OPTIONS = TIMEZONES.map((value) => ({ value, label: TIMEZONE_LABELS[value] }));

/** A stored value outside the lists falls back to the defaults (docs/product.md#limits-and-defaults). */
function known<T extends string>(list: readonly T[], value: string, fallback: T): T {
  return (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

interface ProfileFormProps {
  onMessage: ReportMessage;
  /** After a save, so the top bar can show the new name. */
  onSaved?: () => void;
}

function ProfileFields({ profile, onMessage, onSaved }: ProfileFormProps & { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      locale: known(LOCALES, profile.locale, 'pt-PT'),
      timezone: known(TIMEZONES, profile.timezone, 'Europe/Lisbon'),
    },
    validate: schemaResolver(ProfileInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    onMessage(null);
    update.mutate(ProfileInputSchema.parse(values), {
      onSuccess: (saved) => {
        form.setInitialValues({ ...values, firstName: saved.firstName, lastName: saved.lastName });
        onMessage({ type: 'success', text: MESSAGES.profileUpdated });
        onSaved?.();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao atualizar perfil') });
        }
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            Email
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {profile.email}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Nome" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput
            label="Apelido"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
          <Select
            label="Idioma"
            data={LOCALE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('locale')}
          />
          <Select
            label="Fuso horário"
            data={TIMEZONE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Guardar perfil
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Perfil: first and last name (required), locale and timezone
 * (docs/product.md#settings, #forms-and-validation, #limits-and-defaults).
 */
export function ProfileForm({ onMessage, onSaved }: ProfileFormProps) {
  const profile = useProfile();
  if (profile.isPending) return <LoadingState label="A carregar o perfil…" />;
  if (profile.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(profile.error, 'Erro ao carregar perfil')}</Text>
          <Button size="xs" variant="default" onClick={() => profile.refetch()} loading={profile.isFetching}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <ProfileFields profile={profile.data} onMessage={onMessage} onSaved={onSaved} />;
}
