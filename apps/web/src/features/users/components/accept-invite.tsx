import { MESSAGES } from '@aceite/shared/messages';
import { ROLE_LABELS } from '@aceite/shared/permissions';
import { AcceptInviteFormSchema } from '@aceite/shared/schemas/users';
import {
  Alert,
  Anchor,
  Button,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useAcceptInvite } from '../api/accept-invite';
import { type Invitation, useInvitation } from '../api/get-invitation';

const ACCEPT_ERROR = 'Erro ao aceitar convite';
const FIELDS = ['firstName', 'lastName', 'password', 'confirmPassword'] as const;

function LoginLink() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.login} fw={600}>
        Ir para o login
      </Anchor>
    </Text>
  );
}

/** An unusable link (expired, cancelled, already used, or no token): say so and offer the login. */
function InviteProblem({ message = MESSAGES.inviteInvalid }: { message?: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        {message}
        <Text size="sm" mt={4}>
          Peça a um administrador da sua organização que lhe envie um novo convite.
        </Text>
      </Alert>
      <LoginLink />
    </Stack>
  );
}

function isRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'INVALID_TOKEN' || [400, 404].includes(error.status));
}

interface AcceptInviteFormProps {
  token: string;
  invitation: Invitation;
  onAccepted: () => void;
}

function AcceptInviteForm({ token, invitation, onAccepted }: AcceptInviteFormProps) {
  const accept = useAcceptInvite(token);
  const [formError, setFormError] = useState<{ message: string; withLogin: boolean } | null>(null);
  const form = useForm({
    initialValues: {
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      password: '',
      confirmPassword: '',
    },
    validate: schemaResolver(AcceptInviteFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(({ confirmPassword: _confirm, ...input }) => {
    setFormError(null);
    accept.mutate(input, {
      onSuccess: onAccepted,
      onError: (error) => {
        if (applyServerFieldErrors(form, error, FIELDS)) return;
        // Used or expired meanwhile, or the email got an account: signing in is the way forward.
        const withLogin = isRefused(error) || (error instanceof ApiError && error.status === 409);
        setFormError({ message: errorMessage(error, ACCEPT_ERROR), withLogin });
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <Text size="sm" c="dimmed">
            Organização
          </Text>
          <Text fw={600}>{invitation.organization.name}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            Email
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            Função: {ROLE_LABELS[invitation.role]} · Convite válido até {formatDate(invitation.expiresAt)}
          </Text>
        </Paper>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError.message}
          </Alert>
        )}
        {formError?.withLogin && <LoginLink />}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Nome" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput
            label="Apelido"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          description="Pelo menos 8 caracteres."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirmar password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={accept.isPending}>
          Aceitar convite e entrar
        </Button>
      </Stack>
    </form>
  );
}

function LoadedInvitation({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const invitation = useInvitation(token);
  if (invitation.isPending) return <LoadingState label="A validar o convite…" />;
  if (invitation.isError) {
    if (isRefused(invitation.error)) return <InviteProblem />;
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(invitation.error, 'Não foi possível validar o convite.')}
        </Alert>
        <Button variant="default" onClick={() => invitation.refetch()} loading={invitation.isFetching}>
          Tentar novamente
        </Button>
      </Stack>
    );
  }
  return <AcceptInviteForm token={token} invitation={invitation.data} onAccepted={onAccepted} />;
}

interface AcceptInviteProps {
  /** The `token` query parameter, if any. */
  token: string | null;
  /** The account exists and is signed in. */
  onAccepted: () => void;
}

/**
 * The emailed invitation (docs/product.md#people-and-teams): shows the organization and email, asks for names
 * and a password, creates the account with the invited role and team and signs it in.
 */
export function AcceptInvite({ token, onAccepted }: AcceptInviteProps) {
  if (!token) return <InviteProblem />;
  return <LoadedInvitation token={token} onAccepted={onAccepted} />;
}
