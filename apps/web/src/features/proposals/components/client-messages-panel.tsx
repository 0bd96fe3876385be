import { MAX_CLIENT_MESSAGE_LENGTH } from '@aceite/shared/limits';
import { MESSAGES } from '@aceite/shared/messages';
import type { ProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { PanelStates } from '@/components/panel-states';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAnswerClient, useClientMessages } from '../api/client-messages';

const KIND: Record<ProposalMessage['kind'], { label: string; color: string }> = {
  question: { label: 'Pergunta', color: 'blue' },
  change_request: { label: 'Pedido de alterações', color: 'orange' },
  answer: { label: 'Resposta', color: 'teal' },
};

/**
 * 'Mensagens do cliente': the client's questions and change requests from the public page and the team's
 * answers, which are emailed to the client with the link (docs/product.md#client-questions-and-change-requests).
 * Text only, never HTML.
 */
export function ClientMessagesPanel({ proposalId, canAnswer }: { proposalId: string; canAnswer: boolean }) {
  const query = useClientMessages(proposalId);
  const answer = useAnswerClient(proposalId);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setFieldError(MESSAGES.clientMessageRequired);
      return;
    }
    answer.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        notifications.show({ color: 'green', message: 'Resposta enviada ao cliente.' });
      },
    });
  };

  const hasClientMessages = (query.data ?? []).some((m) => m.kind !== 'answer');
  return (
    <SectionPanel
      title="Mensagens do cliente"
      description="Perguntas e pedidos de alterações feitos na página pública, e as respostas da equipa."
    >
      <PanelStates
        query={query}
        loadingLabel="A carregar mensagens…"
        error={{ message: 'Não foi possível carregar as mensagens.' }}
      >
        {(messages) => (
          <Stack gap="sm">
            {messages.length === 0 ? (
              <Text size="sm" c="dimmed">
                O cliente ainda não enviou perguntas nem pedidos de alterações.
              </Text>
            ) : (
              <Stack
                component="ol"
                gap="sm"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Conversa com o cliente"
              >
                {messages.map((m) => (
                  <Paper
                    component="li"
                    key={m.id}
                    withBorder
                    radius="md"
                    p="sm"
                    bg={m.kind === 'answer' ? undefined : 'gray.0'}
                  >
                    <Group gap="xs" wrap="wrap" mb={4}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {m.authorName}
                        {m.authorEmail ? ` <${m.authorEmail}>` : ''}
                      </Text>
                      <Badge variant="light" color={KIND[m.kind].color}>
                        {KIND[m.kind].label}
                      </Badge>
                      <Text size="xs" c="dimmed" component="time" dateTime={m.createdAt}>
                        {formatDateTime(m.createdAt)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {m.message}
                    </Text>
                  </Paper>
                ))}
              </Stack>
            )}
            {canAnswer && hasClientMessages ? (
              <form onSubmit={submit} noValidate>
                <Stack gap="xs">
                  {answer.error ? (
                    <Alert color="red" variant="light" role="alert">
                      {errorMessage(answer.error, 'Não foi possível enviar a resposta. Tente novamente.')}
                    </Alert>
                  ) : null}
                  <Textarea
                    label="Responder ao cliente"
                    description="A resposta aparece na página da proposta e segue por email para o cliente."
                    autosize
                    minRows={3}
                    maxLength={MAX_CLIENT_MESSAGE_LENGTH}
                    value={text}
                    error={fieldError}
                    onChange={(event) => {
                      setText(event.currentTarget.value);
                      setFieldError(null);
                    }}
                  />
                  <Group justify="flex-end">
                    <Button type="submit" loading={answer.isPending}>
                      Enviar resposta
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : null}
          </Stack>
        )}
      </PanelStates>
    </SectionPanel>
  );
}
