import { formatInstantDateTime } from '@aceite/shared/dates';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { normalizeVerificationCode, type VerificationResult } from '@aceite/shared/schemas/verification';
import { Alert, Button, Divider, FileInput, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isWhiteLabelHost } from '@/lib/white-label';
import { sha256OfFile, useVerifyDocument } from '../api/verify-document';

/** The largest file hashed in the browser; a sealed proposal is far smaller. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** A SHA-256 in hex: monospace, broken anywhere so it fits a 360 px screen. */
function Digest({ value }: { value: string }) {
  return (
    <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  );
}

/**
 * What the certificate recorded when the file was sealed (never the live records), and, when a file was
 * checked with the code, whether it is that file (docs/product.md#verification).
 */
function Result({ result, fileSha256 }: { result: VerificationResult; fileSha256: string | null }) {
  const altered = result.fileMatches === false;
  const total = formatMoney(result.total) + (result.currency === 'EUR' ? '' : ` (${result.currency})`);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="status"
      style={{ borderColor: altered ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-green-7)' }}
    >
      <Group gap="xs" mb="xs" wrap="nowrap" align="flex-start">
        {altered ? (
          <IconAlertTriangle size={22} color="var(--mantine-color-red-8)" aria-hidden="true" />
        ) : (
          <IconCircleCheck size={22} color="var(--mantine-color-green-8)" aria-hidden="true" />
        )}
        <Text fw={700}>
          {altered
            ? 'Ficheiro alterado'
            : isWhiteLabelHost()
              ? 'Documento selado'
              : 'Documento selado pelo Aceite'}
        </Text>
      </Group>
      {altered && (
        <Text size="sm" mb="xs">
          {MESSAGES.verificationFileAltered} O documento selado com este código regista:
        </Text>
      )}
      {result.fileMatches === true && (
        <Text size="sm" mb="xs">
          {MESSAGES.verificationFileMatches}
        </Text>
      )}
      <List spacing={4} size="sm">
        <List.Item>Proposta: {result.proposalTitle}</List.Item>
        <List.Item>Organização: {result.organizationName}</List.Item>
        <List.Item>Assinante: {result.signerName ?? '—'}</List.Item>
        <List.Item>Total: {total}</List.Item>
        <List.Item>
          Decisão: {result.decision === 'signed' ? 'Assinada' : 'Aceite'} em{' '}
          {formatInstantDateTime(result.decidedAt, 'Europe/Lisbon')} (hora de Lisboa)
        </List.Item>
        <List.Item>
          Selado em {formatInstantDateTime(result.sealedAt, 'Europe/Lisbon')} (hora de Lisboa)
        </List.Item>
        <List.Item>Código de verificação: {result.verificationCode}</List.Item>
        <List.Item>
          SHA-256 do ficheiro selado: <Digest value={result.sha256} />
        </List.Item>
        {altered && fileSha256 && (
          <List.Item>
            SHA-256 do ficheiro escolhido: <Digest value={fileSha256} />
          </List.Item>
        )}
        <List.Item>
          Cadeia de eventos:{' '}
          {result.chainIntact ? 'íntegra' : 'NÃO íntegra: registos alterados desde a selagem'}
        </List.Item>
      </List>
    </Paper>
  );
}

/**
 * /verificar (docs/product.md#verification): a code typed, or a PDF hashed here with WebCrypto; only the
 * code or the hash is sent. A file chosen while a code is filled in is compared with that code's document, so
 * an altered copy is told apart from one Aceite never sealed.
 */
export function VerifyDocument({ initialCode }: { initialCode?: string }) {
  const verify = useVerifyDocument();
  const [code, setCode] = useState(initialCode ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileSha256, setFileSha256] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (initialCode && !started.current) {
      started.current = true;
      verify.mutate({ code: initialCode });
    }
  }, [initialCode, verify]);

  async function checkFile(chosen: File | null) {
    setFile(chosen);
    setFileError(null);
    setFileSha256(null);
    verify.reset();
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError('O ficheiro é demasiado grande (máximo 50 MB).');
      return;
    }
    const sha256 = await sha256OfFile(chosen);
    setFileSha256(sha256);
    // A code that cannot be one is left out: the file alone is still checked.
    const withCode = normalizeVerificationCode(code) === null ? {} : { code: code.trim() };
    verify.mutate({ ...withCode, sha256 });
  }

  const notFound = verify.error instanceof ApiError && verify.error.status === 404;

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFile(null);
          setFileSha256(null);
          verify.mutate({ code: code.trim() });
        }}
      >
        <Stack gap="xs">
          <TextInput
            label="Código de verificação"
            description="Impresso no certificado de aceitação, por exemplo ABCD-EFGH-JK23"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
          />
          <Button type="submit" loading={verify.isPending && !file} disabled={!code.trim()}>
            Verificar código
          </Button>
        </Stack>
      </form>
      <Divider label="ou" labelPosition="center" />
      <FileInput
        label="Ficheiro PDF"
        description="O ficheiro é analisado neste dispositivo e nunca é enviado. Com o código preenchido, é comparado com o documento desse código."
        placeholder="Escolher PDF"
        accept="application/pdf"
        value={file}
        onChange={(chosen) => void checkFile(chosen)}
        leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
        clearable
        clearButtonProps={{ 'aria-label': 'Remover ficheiro' }}
        error={fileError}
        // Mantine draws the chosen file's name in its placeholder style, too light for 4.5:1.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      />
      <div aria-live="polite">
        {verify.isSuccess && <Result result={verify.data} fileSha256={fileSha256} />}
        {verify.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={notFound ? 'Sem correspondência' : 'Não foi possível verificar'}
          >
            {notFound
              ? MESSAGES.verificationNoMatch
              : errorMessage(verify.error, MESSAGES.somethingWentWrong)}
          </Alert>
        )}
      </div>
      {verify.isPending && file && (
        <Text size="sm" c="dimmed">
          A verificar…
        </Text>
      )}
    </Stack>
  );
}
