import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  WebhookEndpointInputSchema,
  type WebhookEventType,
} from '@aceite/shared/schemas/webhooks';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSaveWebhook } from '../api/save-webhook';

interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  status: 'active' | 'paused';
}

const FIELDS = ['url', 'description', 'events'] as const;

function toFormValues(endpoint?: WebhookEndpoint): WebhookFormValues {
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? [],
    // A disabled endpoint is offered as active: saving it re-enables it.
    status: endpoint?.status === 'paused' ? 'paused' : 'active',
  };
}

/** Adds or edits an endpoint: URL, description, events and active or paused (docs/product.md#webhooks). */
export function WebhookForm({ endpoint, onDone }: { endpoint?: WebhookEndpoint; onDone: () => void }) {
  const save = useSaveWebhook();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<WebhookFormValues>({
    initialValues: toFormValues(endpoint),
    validate: schemaResolver(WebhookEndpointInputSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: endpoint?.id, values });
      onDone();
    } catch (failure) {
      if (!applyServerFieldErrors(form, failure, FIELDS)) {
        setError(errorMessage(failure, 'Não foi possível guardar o webhook'));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden="true" />}>
            {error}
          </Alert>
        )}
        <TextInput
          label="URL"
          placeholder="https://crm.exemplo.pt/webhooks/aceite"
          required
          {...form.getInputProps('url')}
        />
        <TextInput label="Descrição" placeholder="CRM comercial" {...form.getInputProps('description')} />
        <Checkbox.Group label="Eventos" required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch
          label="Ativo (desligado: os eventos ficam em fila até o reativar)"
          checked={form.values.status === 'active'}
          onChange={(event) =>
            form.setFieldValue('status', event.currentTarget.checked ? 'active' : 'paused')
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {endpoint ? 'Guardar' : 'Adicionar webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
