import { MESSAGES } from '@aceite/shared/messages';
import { ChangePasswordFormSchema } from '@aceite/shared/schemas/users';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import type { ReportMessage } from './settings-message';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Settings → Alterar Password: current, new (≥ 6) and confirmation (docs/product.md#forms-and-validation).
 */
export function ChangePasswordForm({ onMessage }: { onMessage: ReportMessage }) {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(ChangePasswordFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(({ currentPassword, newPassword }) => {
    onMessage(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          onMessage({ type: 'success', text: MESSAGES.passwordChanged });
        },
        onError: (error) => {
          // A wrong current password comes back as a detail on its field.
          if (!applyServerFieldErrors(form, error, FIELDS)) {
            onMessage({ type: 'error', text: errorMessage(error, 'Erro ao alterar password') });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={440}>
        <PasswordInput
          label="Password atual"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Nova password"
          description="Pelo menos 6 caracteres."
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirmar nova password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Alterar password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
