import { MESSAGES } from '@aceite/shared/messages';
import { DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import {
  parseOrganizationSettings,
  readingRetentionMonths,
  requiresAnswerCode,
} from '@aceite/shared/schemas/organization-settings';
import { DEFAULT_EMAIL_MESSAGE, DEFAULT_EMAIL_SUBJECT } from '@aceite/shared/schemas/proposal-email';
import { type Organization, OrganizationInputSchema } from '@aceite/shared/schemas/users';
import { type VatRegion, vatRegionOf } from '@aceite/shared/vat';
import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Input,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { LoadingState } from '@/components/loading-state';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useOrganization } from '../api/get-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { ApprovalSettings } from './approval-settings';
import { NUMBERING_FIELDS, NumberingSettings, numberingDefaults } from './numbering-settings';
import { ReadingRetentionSetting } from './reading-retention-setting';
import { ReminderSettings } from './reminder-settings';
import type { ReportMessage } from './settings-message';
import { VatRegionSettings } from './vat-region-settings';

/** The default brand colour (docs/product.md#limits-and-defaults). */
export const DEFAULT_BRAND_COLOR = '#007bff';
/** The logo travels inside the organization record, so it stays small (shared `LogoSchema`). */
export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const FIELDS = [
  'name',
  'domain',
  'branding.primaryColor',
  'branding.logo',
  'settings.proposalEmailSubject',
  'settings.proposalEmailMessage',
  'settings.proposalValidityDays',
  'settings.requireAnswerCode',
  'settings.privacyContact',
  'settings.readingRetentionMonths',
  'settings.vatRegion',
  ...NUMBERING_FIELDS,
] as const;

/** The proposal defaults as the form edits them: Aceite's own defaults where the organization set none. */
function proposalDefaults(settings: Organization['settings']) {
  const saved = parseOrganizationSettings(settings);
  return {
    proposalEmailSubject: saved.proposalEmailSubject || DEFAULT_EMAIL_SUBJECT,
    proposalEmailMessage: saved.proposalEmailMessage || DEFAULT_EMAIL_MESSAGE,
    proposalValidityDays: saved.proposalValidityDays ?? DEFAULT_VALIDITY_DAYS,
    requireAnswerCode: requiresAnswerCode(saved),
    privacyContact: saved.privacyContact ?? '',
    readingRetentionMonths: readingRetentionMonths(saved),
    vatRegion: vatRegionOf(saved),
    ...numberingDefaults(saved),
  } as ReturnType<typeof numberingDefaults> & {
    vatRegion: VatRegion;
    proposalEmailSubject: string;
    proposalEmailMessage: string;
    proposalValidityDays: number | string;
    requireAnswerCode: boolean;
    privacyContact: string;
    readingRetentionMonths: number | string;
  };
}
const BRAND_SWATCHES = [
  DEFAULT_BRAND_COLOR,
  '#0b5cad',
  '#2f9e44',
  '#e8590c',
  '#c2255c',
  '#7048e8',
  '#1098ad',
  '#212529',
];

/** Reads an image file as a data URL, or explains why it cannot be the logo. */
export function readLogo(file: File): Promise<string> {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type) || file.size > LOGO_MAX_BYTES) {
    return Promise.reject(new Error(MESSAGES.logoInvalid));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(MESSAGES.logoInvalid));
    reader.readAsDataURL(file);
  });
}

function OrganizationFields({
  organization,
  onMessage,
}: {
  organization: Organization;
  onMessage: ReportMessage;
}) {
  const update = useUpdateOrganization();
  const form = useForm({
    initialValues: {
      name: organization.name,
      domain: organization.domain ?? '',
      branding: {
        primaryColor: organization.branding.primaryColor || DEFAULT_BRAND_COLOR,
        logo: organization.branding.logo,
      },
      settings: proposalDefaults(organization.settings),
    },
    validate: schemaResolver(OrganizationInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const logo = form.values.branding.logo;
  const logoError = form.errors['branding.logo'];

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    try {
      form.setFieldValue('branding.logo', await readLogo(file));
      form.clearFieldError('branding.logo');
    } catch (error) {
      form.setFieldError('branding.logo', error instanceof Error ? error.message : MESSAGES.logoInvalid);
    }
  };

  // The server names nested fields by their path ('branding.logo'), as the form does.
  const applyNestedFieldErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const details = error.details.filter((detail) => (FIELDS as readonly string[]).includes(detail.field));
    for (const detail of details) form.setFieldError(detail.field, detail.message);
    return details.length > 0;
  };

  const handleSubmit = form.onSubmit((values) => {
    onMessage(null);
    // Settings this screen does not edit are sent back unchanged.
    const input = OrganizationInputSchema.parse({
      ...values,
      settings: { ...organization.settings, ...values.settings },
    });
    update.mutate(input, {
      onSuccess: (saved) => {
        form.setInitialValues({
          name: saved.name,
          domain: saved.domain ?? '',
          branding: { primaryColor: saved.branding.primaryColor, logo: saved.branding.logo },
          settings: proposalDefaults(saved.settings),
        });
        form.reset();
        onMessage({ type: 'success', text: MESSAGES.organizationUpdated });
      },
      onError: (error) => {
        if (!applyNestedFieldErrors(error)) {
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao atualizar organização') });
        }
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Nome da organização"
            autoComplete="organization"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Domínio"
            description="Opcional: o seu domínio próprio, por exemplo propostas.empresa.pt."
            // Below the field, so both inputs of the row line up.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
            {...form.getInputProps('domain')}
          />
        </SimpleGrid>
        <ColorInput
          label="Cor da marca"
          description="Usada na página pública das propostas e nos emails."
          format="hex"
          swatches={BRAND_SWATCHES}
          swatchesPerRow={8}
          maw={{ sm: 320 }}
          closeOnColorSwatchClick
          eyeDropperButtonProps={{ 'aria-label': 'Escolher cor do ecrã' }}
          {...form.getInputProps('branding.primaryColor')}
        />
        <Input.Wrapper
          labelElement="div"
          label="Logótipo"
          description="PNG, JPEG ou WebP até 200 KB. Aparece na barra superior, na página pública e nos emails."
          error={logoError}
        >
          <Group gap="md" mt="xs" align="center" wrap="wrap">
            <Paper
              withBorder
              radius="md"
              w={160}
              h={80}
              p="xs"
              display="flex"
              style={{ alignItems: 'center', justifyContent: 'center' }}
              bg="gray.0"
            >
              {logo ? (
                <Image src={logo} alt="Pré-visualização do logótipo" fit="contain" mah={60} maw={140} />
              ) : (
                <Stack gap={2} align="center">
                  <IconPhoto size={24} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                  <Text size="xs" c="dimmed">
                    Sem logótipo
                  </Text>
                </Stack>
              )}
            </Paper>
            <Group gap="xs">
              <FileButton
                onChange={pickLogo}
                accept={LOGO_TYPES.join(',')}
                inputProps={{ 'aria-label': 'Ficheiro do logótipo' }}
              >
                {(props) => (
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconUpload size={16} aria-hidden="true" />}
                    {...props}
                  >
                    {logo ? 'Substituir logótipo' : 'Carregar logótipo'}
                  </Button>
                )}
              </FileButton>
              {logo && (
                <Button
                  variant="subtle"
                  color="red"
                  size="sm"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => {
                    form.setFieldValue('branding.logo', null);
                    form.clearFieldError('branding.logo');
                  }}
                >
                  Remover logótipo
                </Button>
              )}
            </Group>
          </Group>
        </Input.Wrapper>
        <Title order={3} size="h4" mt="sm">
          Propostas
        </Title>
        <NumberingSettings getInputProps={form.getInputProps} country={form.values.settings.taxCountry} />
        <NumberInput
          label="Validade das propostas (dias)"
          description="Uma proposta nova fica válida durante estes dias, a contar da data em que é criada."
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          maw={{ sm: 320 }}
          {...form.getInputProps('settings.proposalValidityDays')}
        />
        <VatRegionSettings {...form.getInputProps('settings.vatRegion')} />
        <TextInput
          label="Assunto do email"
          description="Sugerido ao enviar uma proposta; pode ser alterado em cada envio."
          {...form.getInputProps('settings.proposalEmailSubject')}
        />
        <Textarea
          label="Mensagem do email"
          description="Pode usar {proposta}, {cliente}, {organizacao} e {remetente}. O total, a validade e a ligação para a proposta seguem sempre por baixo."
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('settings.proposalEmailMessage')}
        />
        <Switch
          label="Pedir ao cliente um código enviado por email antes de aceitar, assinar ou rejeitar"
          description="Confirma que quem responde controla o email do cliente; o envio e o uso do código ficam registados como prova. Recomendado."
          {...form.getInputProps('settings.requireAnswerCode', { type: 'checkbox' })}
        />
        <TextInput
          label="Contacto de privacidade"
          description="Email ou endereço web (https://…) onde os clientes tratam dos seus dados pessoais; aparece na página pública antes de responderem. Vazio: o email do responsável pela proposta."
          placeholder="privacidade@empresa.pt"
          maxLength={254}
          {...form.getInputProps('settings.privacyContact')}
        />
        <ReadingRetentionSetting {...form.getInputProps('settings.readingRetentionMonths')} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Guardar organização
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Organização (admins): name, domain, brand colour and logo
 * (docs/product.md#settings, #organizations-and-tenancy, #forms-and-validation, #limits-and-defaults).
 */
export function OrganizationForm({ onMessage }: { onMessage: ReportMessage }) {
  const organization = useOrganization();
  if (organization.isPending) return <LoadingState label="A carregar a organização…" />;
  if (organization.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(organization.error, 'Erro ao carregar organização')}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => organization.refetch()}
            loading={organization.isFetching}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <OrganizationFields organization={organization.data} onMessage={onMessage} />
      <ApprovalSettings organization={organization.data} onMessage={onMessage} />
      <ReminderSettings organization={organization.data} onMessage={onMessage} />
    </>
  );
}
