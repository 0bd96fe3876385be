import { InviteInputSchema } from '@aceite/shared/schemas/users';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useInviteUser } from '../api/invite-user';
import { NO_TEAM, ROLE_OPTIONS, type TeamOption, teamIdFromSelect, teamSelectData } from './role-options';

const INVITE_ERROR = 'Erro ao enviar convite';
const FIELDS = ['email', 'firstName', 'lastName', 'role', 'teamId'] as const;

// The select holds 'Sem equipa' as a value of its own; the API schema checks the rest.
const InviteFormSchema = InviteInputSchema.extend({ teamId: z.string() });

const EMPTY = { email: '', firstName: '', lastName: '', role: 'sales', teamId: NO_TEAM };

interface InviteUserModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization's teams, for the optional team. */
  teams: readonly TeamOption[];
  /** Called with the invited email once the invitation is on its way. */
  onInvited: (email: string) => void;
}

/**
 * Invite someone by email (docs/product.md#people-and-teams: email and role required, default Vendas; names,
 * team optional).
 */
export function InviteUserModal({ opened, onClose, teams, onInvited }: InviteUserModalProps) {
  const invite = useInviteUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: EMPTY,
    validate: schemaResolver(InviteFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const close = () => {
    form.reset();
    setFormError(null);
    invite.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    const input = InviteInputSchema.parse({ ...values, teamId: teamIdFromSelect(values.teamId) });
    invite.mutate(input, {
      onSuccess: () => {
        onInvited(input.email);
        close();
      },
      onError: (error) => {
        // An account or a pending invitation for this email (409) belongs under the email field.
        if (error instanceof ApiError && error.status === 409) {
          form.setFieldError('email', error.message);
          return;
        }
        if (!applyServerFieldErrors(form, error, FIELDS)) setFormError(errorMessage(error, INVITE_ERROR));
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Convidar Utilizador"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
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
            inputMode="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Select
            label="Função"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            required
            {...form.getInputProps('role')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Nome" autoComplete="off" {...form.getInputProps('firstName')} />
            <TextInput label="Apelido" autoComplete="off" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Select
            label="Equipa"
            data={teamSelectData(teams)}
            allowDeselect={false}
            searchable={teams.length > 8}
            nothingFoundMessage="Nenhuma equipa encontrada"
            {...form.getInputProps('teamId')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Enviar convite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
