import { MESSAGES } from '@aceite/shared/messages';
import { type Client, ClientInputSchema, COUNTRIES } from '@aceite/shared/schemas/clients';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

type Country = (typeof COUNTRIES)[number];

export interface ClientFormValues {
  name: string;
  company: string;
  email: string;
  phone: string;
  taxId: string;
  address: { street: string; city: string; postalCode: string; country: Country };
  notes: string;
}

const FIELDS = ['name', 'company', 'email', 'phone', 'taxId', 'notes'] as const;

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);

function toFormValues(client?: Client): ClientFormValues {
  const country = client?.address.country ?? 'Portugal';
  return {
    name: client?.name ?? '',
    company: client?.company ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    taxId: client?.taxId ?? '',
    address: {
      street: client?.address.street ?? '',
      city: client?.address.city ?? '',
      postalCode: client?.address.postalCode ?? '',
      // A country stored before the list existed is kept as 'Outro' rather than lost silently.
      country: isCountry(country) ? country : 'Outro',
    },
    notes: client?.notes ?? '',
  };
}

interface ClientFormProps {
  /** The client being edited; absent when creating one. */
  client?: Client;
  /** Where 'Cancelar' leads. */
  cancelTo: string;
  onSuccess: (client: Client) => void;
}

/**
 * Create and edit form of a client (docs/product.md#clients: name and email required, tax id ≤ 9, country
 * list).
 */
export function ClientForm({ client, cancelTo, onSuccess }: ClientFormProps) {
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ClientFormValues>({
    initialValues: toFormValues(client),
    validate: schemaResolver(ClientInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const isPending = createClient.isPending || updateClient.isPending;

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    const input = ClientInputSchema.parse(values);
    const callbacks = {
      onSuccess: (saved: Client) => {
        notifications.show({
          closeButtonProps: CLOSE_NOTIFICATION,
          color: 'green',
          message: client ? 'Cliente atualizado com sucesso' : 'Cliente criado com sucesso',
        });
        onSuccess(saved);
      },
      onError: (error: unknown) => {
        // A taken email (409) comes with `details[{ field: 'email' }]` and lands under the email field.
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          setFormError(errorMessage(error, MESSAGES.clientSaveError));
        }
      },
    };
    if (client) updateClient.mutate({ id: client.id, input }, callbacks);
    else createClient.mutate(input, callbacks);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        <Fieldset legend="Dados do cliente" radius="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Nome" autoComplete="off" required {...form.getInputProps('name')} />
            <TextInput label="Empresa" autoComplete="off" {...form.getInputProps('company')} />
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="off"
              required
              {...form.getInputProps('email')}
            />
            <TextInput label="Telefone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            <TextInput
              label="NIF"
              description="Em Portugal, os 9 algarismos do NIF; noutro país, o número fiscal desse país."
              autoComplete="off"
              {...form.getInputProps('taxId')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Morada" radius="lg">
          <Stack gap="md">
            <TextInput label="Rua" autoComplete="off" {...form.getInputProps('address.street')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
              <TextInput
                label="Código postal"
                autoComplete="off"
                {...form.getInputProps('address.postalCode')}
              />
              <TextInput label="Cidade" autoComplete="off" {...form.getInputProps('address.city')} />
              <NativeSelect label="País" data={COUNTRIES} {...form.getInputProps('address.country')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Notas" radius="lg">
          <Textarea
            label="Notas internas"
            description="Visíveis apenas para a sua equipa."
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('notes')}
          />
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={cancelTo}>
            Cancelar
          </Button>
          <Button type="submit" loading={isPending}>
            {client ? 'Guardar alterações' : 'Criar cliente'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
