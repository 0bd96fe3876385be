import { ChangeRecipientInputSchema, type Proposal } from '@aceite/shared/schemas/proposals';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useChangeRecipient } from '../api/change-recipient';

const fieldMessage = (field: 'name' | 'email') => (value: string) => {
  const result = ChangeRecipientInputSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/**
 * 'Alterar destinatário' (issue 34, H2; docs/product.md#recipient): the recipient is fixed at sending; changing
 * it tells the previous address and sends the link to the new one, and codes go only there from then on.
 */
export function ChangeRecipientButton({ proposal }: { proposal: Proposal }) {
  const [opened, setOpened] = useState(false);
  const change = useChangeRecipient(proposal.id);
  const form = useForm({
    initialValues: { name: proposal.recipient?.name ?? '', email: proposal.recipient?.email ?? '' },
    validate: { name: fieldMessage('name'), email: fieldMessage('email') },
  });

  const close = () => {
    if (change.isPending) return;
    setOpened(false);
    form.reset();
    change.reset();
  };

  const submit = form.onSubmit((values) => {
    change.mutate(
      { name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: `Destinatário alterado: o link foi enviado para ${saved.recipient?.email}.`,
          });
          setOpened(false);
          form.setInitialValues({ name: saved.recipient?.name ?? '', email: saved.recipient?.email ?? '' });
          form.reset();
        },
        onError: (error) => applyServerFieldErrors(form, error, ['name', 'email']),
      },
    );
  });

  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        Alterar destinatário
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Alterar destinatário"
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              O endereço atual ({proposal.recipient?.email}) recebe um aviso da alteração; o novo recebe o
              link da proposta. Os códigos de confirmação passam a ser enviados só para o novo endereço.
            </Text>
            {change.error ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(change.error, 'Não foi possível alterar o destinatário. Tente novamente.')}
              </Alert>
            ) : null}
            <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close} disabled={change.isPending}>
                Voltar
              </Button>
              <Button type="submit" loading={change.isPending}>
                Alterar e enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
