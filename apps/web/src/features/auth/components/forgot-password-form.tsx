import { MESSAGES } from '@aceite/shared/messages';
import { ForgotPasswordInputSchema } from '@aceite/shared/schemas/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link by email, then confirms it was sent (docs/product.md#accounts-and-sign-in). */
export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(ForgotPasswordInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    forgotPassword.mutate(ForgotPasswordInputSchema.parse(values), {
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, ['email'])) {
          setFormError(errorMessage(error, MESSAGES.forgotPasswordError));
        }
      },
    });
  });

  if (forgotPassword.isSuccess) {
    return (
      <Stack gap="md">
        <Alert
          color="green"
          variant="light"
          icon={<IconMailCheck aria-hidden="true" />}
          title="Email enviado"
        >
          {MESSAGES.forgotPasswordSent}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.login}>
            Voltar ao login
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={forgotPassword.isPending}>
          Enviar link de recuperação
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.login}>
            Voltar ao login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
