import type { Proposal } from '@aceite/shared/schemas/proposals';
import { Text } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format';

/**
 * How the client who answered proved control of their email (issue 20): the one-time code's sending and use,
 * or why no code was asked. Part of the answer's evidence, beside the signature and the answer's date.
 */
export function AnswerVerificationNote({ proposal }: { proposal: Proposal }) {
  const verification = proposal.answerVerification;
  if (!verification) return null;
  if (verification.method === 'email_code') {
    return (
      <Text size="sm" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
        <IconMailCheck size={18} aria-hidden="true" style={{ flex: 'none', marginTop: 1 }} />
        <span>
          Email do cliente confirmado com código: enviado para {verification.maskedEmail} em{' '}
          {formatDateTime(verification.sentAt)} e usado em {formatDateTime(verification.usedAt)}.
        </span>
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
      <IconMailOff size={18} aria-hidden="true" style={{ flex: 'none', marginTop: 1 }} />
      <span>
        Resposta sem código de confirmação:{' '}
        {verification.reason === 'disabled'
          ? 'o pedido de código estava desativado nas definições da organização.'
          : 'a proposta não tinha cliente com email.'}
      </span>
    </Text>
  );
}
