import { MESSAGES } from '@aceite/shared/messages';
import { ResetPasswordFormSchema } from '@aceite/shared/schemas/auth';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fullName } from '@/lib/format';
import { useResetPassword } from '../api/reset-password';
import { type ResetTokenUser, useResetTokenUser } from '../api/validate-reset-token';

/**
 * After a successful reset, the visitor is sent to the login screen after this long
 * (docs/product.md#limits-and-defaults).
 */
export const RESET_REDIRECT_DELAY_MS = 3000;

function RecoveryLinks() {
  return (
    <Group justify="center" gap="lg">
      <Anchor component={Link} to={paths.forgotPassword} size="sm">
        Pedir um novo link
      </Anchor>
      <Anchor component={Link} to={paths.login} size="sm">
        Voltar ao login
      </Anchor>
    </Group>
  );
}

function TokenProblem({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        {message}
      </Alert>
      <RecoveryLinks />
    </Stack>
  );
}

interface NewPasswordFormProps {
  token: string;
  user: ResetTokenUser;
  onDone: () => void;
}

function NewPasswordForm({ token, user, onDone }: NewPasswordFormProps) {
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [tokenRefused, setTokenRefused] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(ResetPasswordFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(({ password }) => {
    setFormError(null);
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          setTokenRefused(error instanceof ApiError && error.code === 'INVALID_TOKEN');
          if (!applyServerFieldErrors(form, error, ['password'])) {
            setFormError(errorMessage(error, MESSAGES.resetPasswordError));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <Text size="sm" c="dimmed">
            A redefinir a password de
          </Text>
          <Text fw={600}>{fullName(user)}</Text>
          <Text size="sm">{user.email}</Text>
        </Paper>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        {tokenRefused && <RecoveryLinks />}
        <PasswordInput
          label="Nova password"
          description="Pelo menos 8 caracteres."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirmar nova password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={resetPassword.isPending}>
          Redefinir password
        </Button>
      </Stack>
    </form>
  );
}

function ResetDone() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
        {MESSAGES.passwordResetDone}
      </Alert>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login}>
          Ir para o login agora
        </Anchor>
      </Text>
    </Stack>
  );
}

function ValidatedReset({ token }: { token: string }) {
  const tokenUser = useResetTokenUser(token);
  const [done, setDone] = useState(false);

  if (done) return <ResetDone />;
  if (tokenUser.isPending) return <LoadingState label="A validar o link de recuperação…" />;
  if (tokenUser.isError) {
    // Only a refused token is "invalid"; offline, rate-limited or server failures can be retried.
    const refused = tokenUser.error instanceof ApiError && [400, 404].includes(tokenUser.error.status);
    if (refused) return <TokenProblem message={MESSAGES.invalidOrExpiredToken} />;
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(tokenUser.error, 'Não foi possível validar o link de recuperação.')}
        </Alert>
        <Button variant="default" onClick={() => tokenUser.refetch()} loading={tokenUser.isFetching}>
          Tentar novamente
        </Button>
      </Stack>
    );
  }
  return <NewPasswordForm token={token} user={tokenUser.data} onDone={() => setDone(true)} />;
}

interface ResetPasswordProps {
  /** The `token` query parameter, if any. */
  token: string | null;
}

/**
 * Validates the emailed token, then lets its owner choose a new password; after success, goes to the login
 * screen after 3 seconds (docs/product.md#accounts-and-sign-in).
 */
export function ResetPassword({ token }: ResetPasswordProps) {
  if (!token) return <TokenProblem message={MESSAGES.resetTokenMissing} />;
  return <ValidatedReset token={token} />;
}
