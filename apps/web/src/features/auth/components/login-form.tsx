import { MESSAGES } from '@aceite/shared/messages';
import { LoginInputSchema, type User } from '@aceite/shared/schemas/auth';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
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
  /** The notice while the browser leaves for the identity provider. */
  const [redirecting, setRedirecting] = useState<string | null>(null);
  const [checkingSso, setCheckingSso] = useState(false);

  /** Leaves for the organization's identity provider when its email signs in through one (true then). */
  /** Leaves for the organization's identity provider when its email signs in through one (true then). */
  const trySso = async (email: string): Promise<boolean> => {
    setCheckingSso(true);
    try {
      // Loaded when asked: most sign-ins are by password, and this form is in the app's entry (its budget).
      const { leaveForSso } = await import('../api/sso-start');
      return await leaveForSso(email, setRedirecting);
    } catch {
      return false;
    } finally {
      setCheckingSso(false);
    }
  };

  const handleSubmit = form.onSubmit(
    (values) => {
      setFormError(null);
      login.mutate(LoginInputSchema.parse(values), {
        onSuccess,
        onError: async (error) => {
          // "Exigir SSO": the password was right but the organization signs in through its provider.
          if (error instanceof ApiError && error.code === 'SSO_REQUIRED' && (await trySso(values.email)))
            return;
          if (!applyServerFieldErrors(form, error, FIELDS)) {
            setFormError(errorMessage(error, MESSAGES.loginFallback));
          }
        },
      });
    },
    // Email first: a valid email without a password asks whether it signs in through SSO; the password error
    // shows only when it does not.
    async (errors, values) => {
      if (errors.email || !errors.password || values.password) return;
      form.clearErrors();
      if (await trySso(values.email)) return;
      form.setFieldError('password', errors.password);
    },
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {redirecting && (
          <Alert color="blue" variant="light" role="status">
            {redirecting}
          </Alert>
        )}
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
        <Button type="submit" fullWidth loading={login.isPending || checkingSso || redirecting !== null}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
