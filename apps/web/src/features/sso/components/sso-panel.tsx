import { ROLE_LABELS } from '@aceite/shared/permissions';
import {
  SSO_JIT_ROLES,
  SSO_PROTOCOL_LABELS,
  SSO_PROTOCOLS,
  SsoConnectionInputSchema,
  type SsoJitRole,
  type SsoProtocol,
  type SsoSettings,
} from '@aceite/shared/schemas/sso';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { usePlanFeatureReason } from '@/api/plan-usage';
import { PanelStates } from '@/components/panel-states';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSaveSsoSettings, useSsoSettings, useVerifySsoDomain } from '../api/sso-settings';

/** What the settings tabs' message box shows (the same shape as theirs). */
type Report = (message: { type: 'success' | 'error'; text: string } | null) => void;

export interface SsoAdmin {
  id: string;
  name: string;
}

const FIELDS = [
  'issuer',
  'clientId',
  'clientSecret',
  'samlMetadataUrl',
  'samlMetadataXml',
  'domains',
  'defaultRole',
  'breakGlassUserId',
] as const;

interface Values {
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  clientSecret: string;
  samlMetadataUrl: string;
  samlMetadataXml: string;
  domains: string;
  defaultRole: SsoJitRole;
  enforce: boolean;
  breakGlassUserId: string | null;
}

function initialValues(settings: SsoSettings): Values {
  const c = settings.connection;
  const saml = c?.protocol === 'saml';
  return {
    protocol: c?.protocol ?? 'oidc',
    issuer: saml ? '' : (c?.issuer ?? ''),
    clientId: c?.clientId ?? '',
    clientSecret: '',
    samlMetadataUrl: c?.samlIdp?.metadataUrl ?? '',
    samlMetadataXml: '',
    domains: c?.domains.map((d) => d.domain).join(', ') ?? '',
    defaultRole: c?.defaultRole ?? 'sales',
    enforce: c?.enforce ?? false,
    breakGlassUserId: c?.breakGlassUserId ?? null,
  };
}

/**
 * The form as the API's payload: domains split on commas and spaces; an empty secret, or no metadata, keeps the
 * saved one. Only the chosen protocol's fields are sent.
 */
function toInput(values: Values) {
  const protocolFields =
    values.protocol === 'saml'
      ? {
          ...(values.samlMetadataXml.trim()
            ? { samlMetadataXml: values.samlMetadataXml }
            : values.samlMetadataUrl.trim()
              ? { samlMetadataUrl: values.samlMetadataUrl }
              : {}),
        }
      : {
          issuer: values.issuer,
          clientId: values.clientId,
          ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        };
  return {
    protocol: values.protocol,
    ...protocolFields,
    domains: values.domains.split(/[\s,;]+/).filter(Boolean),
    defaultRole: values.defaultRole,
    enforce: values.enforce,
    breakGlassUserId: values.enforce ? values.breakGlassUserId : null,
  };
}

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="subtle" onClick={copy} aria-label={`Copiar ${label}`}>
              {copied ? 'Copiado' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** What the SAML identity provider needs from us, and what we read from its metadata. */
function SamlDetails({ settings }: { settings: SsoSettings }) {
  const idp = settings.connection?.protocol === 'saml' ? settings.connection.samlIdp : null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Fornecedor de serviço (Aceite)
      </Title>
      <Text size="sm" c="dimmed">
        Registe no fornecedor de identidade o Entity ID e o URL ACS, ou importe os metadados.
      </Text>
      <CopyRow label="Entity ID" value={settings.samlSp.entityId} />
      <CopyRow label="URL ACS (Assertion Consumer Service)" value={settings.samlSp.acsUrl} />
      {idp ? (
        <>
          <Anchor href={settings.samlSp.metadataUrl} download size="sm">
            Descarregar metadados
          </Anchor>
          <Title order={3} size="h4">
            Fornecedor de identidade
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Entity ID: <Code>{settings.connection?.issuer}</Code>
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            URL de início de sessão: <Code>{idp.ssoUrl}</Code>
          </Text>
          {idp.certificateFingerprints.map((fingerprint) => (
            <Text key={fingerprint} size="sm" style={{ overflowWrap: 'anywhere' }}>
              Certificado (SHA-256): <Code>{fingerprint}</Code>
            </Text>
          ))}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Os metadados para descarregar ficam disponíveis depois de guardar a ligação SAML.
        </Text>
      )}
    </Stack>
  );
}

function DomainRows({ settings, onMessage }: { settings: SsoSettings; onMessage: Report }) {
  const verify = useVerifySsoDomain();
  const domains = settings.connection?.domains ?? [];
  if (domains.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Domínios
      </Title>
      <Text size="sm" c="dimmed">
        Publique no DNS de cada domínio o registo TXT indicado e carregue em "Verificar". Só os domínios
        verificados iniciam sessão com SSO.
      </Text>
      {domains.map((d) => (
        <Stack
          key={d.domain}
          gap={4}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {d.domain}
            </Text>
            {d.verifiedAt ? (
              <Badge color="green" variant="light">
                Verificado
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                loading={verify.isPending && verify.variables === d.domain}
                aria-label={`Verificar ${d.domain}`}
                onClick={() => {
                  onMessage(null);
                  verify.mutate(d.domain, {
                    onSuccess: () => onMessage({ type: 'success', text: `Domínio ${d.domain} verificado.` }),
                    onError: (error) =>
                      onMessage({
                        type: 'error',
                        text: errorMessage(error, 'Não foi possível verificar o domínio'),
                      }),
                  });
                }}
              >
                Verificar
              </Button>
            )}
          </Group>
          {!d.verifiedAt && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Registo TXT <Code>{d.recordName}</Code> com o valor <Code>{d.recordValue}</Code>
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function ConnectionForm({
  settings,
  admins,
  onMessage,
}: {
  settings: SsoSettings;
  admins: SsoAdmin[];
  onMessage: Report;
}) {
  const save = useSaveSsoSettings();
  const form = useForm<Values>({
    initialValues: initialValues(settings),
    validate: (values) => schemaResolver(SsoConnectionInputSchema, { sync: true })(toInput(values) as never),
    validateInputOnBlur: true,
  });
  const disabled = !settings.available;
  const secretSet = settings.connection?.clientSecretSet === true;
  const samlSet = settings.connection?.protocol === 'saml';

  const handleSubmit = form.onSubmit((values) => {
    onMessage(null);
    save.mutate(toInput(values), {
      onSuccess: (saved) => {
        form.setValues(initialValues(saved));
        form.resetDirty(initialValues(saved));
        onMessage({ type: 'success', text: 'Ligação SSO guardada.' });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao guardar a ligação SSO') });
        }
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Radio.Group label="Protocolo" {...form.getInputProps('protocol')}>
          <Group gap="lg" mt={4}>
            {SSO_PROTOCOLS.map((protocol) => (
              <Radio
                key={protocol}
                value={protocol}
                label={SSO_PROTOCOL_LABELS[protocol]}
                disabled={disabled}
              />
            ))}
          </Group>
        </Radio.Group>
        {form.values.protocol === 'oidc' ? (
          <>
            <TextInput
              label="Emissor (issuer)"
              description="O endereço OpenID Connect do fornecedor de identidade, por exemplo https://login.empresa.pt"
              required
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('issuer')}
            />
            <TextInput
              label="Client ID"
              required
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('clientId')}
            />
            <PasswordInput
              label="Client secret"
              description={secretSet ? 'Definido. Deixe em branco para manter o atual.' : undefined}
              required={!secretSet}
              autoComplete="new-password"
              disabled={disabled}
              {...form.getInputProps('clientSecret')}
            />
          </>
        ) : (
          <>
            <TextInput
              label="URL dos metadados SAML"
              description={
                samlSet
                  ? 'Os metadados guardados mantêm-se se não indicar outros.'
                  : 'O endereço dos metadados do fornecedor de identidade (lidos pelo servidor ao guardar).'
              }
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('samlMetadataUrl')}
            />
            <Textarea
              label="Ou cole o XML dos metadados"
              autosize
              minRows={2}
              maxRows={8}
              disabled={disabled}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              {...form.getInputProps('samlMetadataXml')}
            />
            <SamlDetails settings={settings} />
          </>
        )}
        <TextInput
          label="Domínios de email"
          description="Separados por vírgulas, por exemplo empresa.pt, empresa.com"
          required
          autoComplete="off"
          disabled={disabled}
          {...form.getInputProps('domains')}
        />
        <Select
          label="Função das pessoas novas"
          description="Quem entra pela primeira vez com SSO fica com esta função."
          data={SSO_JIT_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          allowDeselect={false}
          disabled={disabled}
          {...form.getInputProps('defaultRole')}
        />
        <Switch
          label="Exigir SSO"
          description="Os membros dos domínios verificados deixam de poder entrar com password."
          disabled={disabled}
          {...form.getInputProps('enforce', { type: 'checkbox' })}
        />
        {form.values.enforce && (
          <Select
            label="Administrador de emergência"
            description="Pode sempre entrar com password, se o fornecedor de identidade falhar."
            placeholder="Escolha um administrador"
            data={admins.map((admin) => ({ value: admin.id, label: admin.name }))}
            required
            disabled={disabled}
            {...form.getInputProps('breakGlassUserId')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={disabled}>
            Guardar ligação SSO
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Configurações → Segurança (admins; docs/product.md#single-sign-on): the organization's OpenID Connect or SAML
 * 2.0 connection, its domains and "Exigir SSO". `admins` are the organization's active admins, for the break-glass
 * choice (composed by the settings route: features do not import each other).
 */
export function SsoPanel({ admins, onMessage }: { admins: SsoAdmin[]; onMessage: Report }) {
  const query = useSsoSettings();
  const planReason = usePlanFeatureReason('sso', query.data?.available === false);
  return (
    <PanelStates
      query={query}
      loadingLabel="A carregar a ligação SSO…"
      error={{ title: 'Erro ao carregar a ligação SSO', message: 'Tente novamente.' }}
    >
      {(settings) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Início de sessão único (SSO)
            </Title>
            <Text c="dimmed" size="sm">
              As pessoas da sua organização entram com a conta da empresa, através do fornecedor de identidade
              (OpenID Connect ou SAML 2.0).
            </Text>
          </Stack>
          {!settings.available && (
            <Alert variant="light" color="blue">
              {planReason ?? 'O seu plano não inclui o início de sessão único (SSO).'}
            </Alert>
          )}
          {settings.available && !settings.connection && (
            <Text size="sm">Ainda não configurou uma ligação SSO.</Text>
          )}
          {settings.connection?.protocol === 'oidc' && (
            <CopyRow
              label="URI de redirecionamento (registe-o no fornecedor de identidade)"
              value={settings.connection.redirectUri}
            />
          )}
          <ConnectionForm settings={settings} admins={admins} onMessage={onMessage} />
          <DomainRows settings={settings} onMessage={onMessage} />
        </Stack>
      )}
    </PanelStates>
  );
}
