import { MESSAGES } from '@aceite/shared/messages';
import { LoginInputSchema, type User } from '@aceite/shared/schemas/auth';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '../api/login';

const FIELDS = ['email', 'password'] as const;

interface LoginFormProps {
  onSuccess: (user: User) => void;
  /** Signing in again after the session expired: the email is known and the cache is kept. */
  initialEmail?: string;
  keepCache?: boolean;
}

/** Email, password and 'Lembrar-me' (docs/product.md#accounts-and-sign-in). */
export function LoginForm({ onSuccess, initialEmail = '', keepCache = false }: LoginFormProps) {
  const login = useLogin({ keepCache });
  const form = useForm({
    initialValues: { email: initialEmail, password: '', rememberMe: false },
    validate: schemaResolver(LoginInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    login.mutate(LoginInputSchema.parse(values), {
      onSuccess,
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          setFormError(errorMessage(error, MESSAGES.loginFallback));
        }
      },
    });
  });

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
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label="Lembrar-me"
            name="rememberMe"
            {...form.getInputProps('rememberMe', { type: 'checkbox' })}
          />
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Esqueceu a password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
