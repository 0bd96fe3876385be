import { type TeamDetail, TeamInputSchema } from '@aceite/shared/schemas/teams';
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fullName } from '@/lib/format';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';

const TEAM_SAVE_ERROR = 'Erro ao guardar equipa';
const FIELDS = ['name', 'description', 'managerId'] as const;
const NO_MANAGER = 'none';

// The select holds 'Sem gestor' as a value of its own; the API schema checks the rest.
const TeamFormSchema = TeamInputSchema.extend({ managerId: z.string() });

/** A person the manager select can offer. */
export interface ManagerCandidate {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

function managerPeople(candidates: readonly ManagerCandidate[], current: TeamDetail['manager']) {
  // The current manager stays selectable even if no longer among the candidates (e.g. deactivated).
  return current && !candidates.some((c) => c.id === current.id) ? [...candidates, current] : candidates;
}

interface TeamFormProps {
  /** The team being edited; absent when creating one. */
  team?: TeamDetail;
  /** The organization's active users. */
  managers: readonly ManagerCandidate[];
  managersLoading?: boolean;
  onSaved: (team: TeamDetail) => void;
  onCancel: () => void;
}

/**
 * Name (required), description and manager of a team
 * (docs/product.md#people-and-teams, #forms-and-validation).
 */
export function TeamForm({ team, managers, managersLoading, onSaved, onCancel }: TeamFormProps) {
  const create = useCreateTeam();
  const update = useUpdateTeam(team?.id ?? '');
  const save = team ? update : create;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      managerId: team?.managerId ?? NO_MANAGER,
    },
    validate: schemaResolver(TeamFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const people = managerPeople(managers, team?.manager ?? null);
  const byId = new Map(people.map((person) => [person.id, person]));
  const options = [
    { value: NO_MANAGER, label: 'Sem gestor' },
    // The label is what the closed select shows and what search matches: name and email.
    ...people.map((person) => ({ value: person.id, label: `${fullName(person)} (${person.email})` })),
  ];

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    const input = TeamInputSchema.parse({
      ...values,
      managerId: values.managerId === NO_MANAGER ? null : values.managerId,
    });
    save.mutate(input, {
      onSuccess: onSaved,
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) setFormError(errorMessage(error, TEAM_SAVE_ERROR));
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {formError}
            </Alert>
          )}
          <TextInput label="Nome" autoComplete="off" required {...form.getInputProps('name')} />
          <Textarea label="Descrição" rows={3} resize="vertical" {...form.getInputProps('description')} />
          <Select
            label="Gestor"
            data={options}
            allowDeselect={false}
            searchable
            nothingFoundMessage="Nenhum utilizador encontrado"
            disabled={managersLoading}
            description={managersLoading ? 'A carregar utilizadores…' : undefined}
            renderOption={({ option }) => {
              const person = byId.get(option.value);
              if (!person) return <Text size="sm">{option.label}</Text>;
              return (
                <div>
                  <Text size="sm">{fullName(person)}</Text>
                  <Text size="xs" c="dimmed">
                    {person.email}
                  </Text>
                </div>
              );
            }}
            {...form.getInputProps('managerId')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              {team ? 'Guardar' : 'Criar equipa'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
