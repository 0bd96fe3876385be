import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney, fromCents } from '@aceite/shared/money';
import {
  CLIENT_HAS_SEEN_STATUSES,
  FORM_STATUSES,
  type ProposalStatus,
  STATUS_LABELS,
} from '@aceite/shared/proposal-status';
import type { Product } from '@aceite/shared/schemas/products';
import type { Proposal, ProposalInput } from '@aceite/shared/schemas/proposals';
import { DEFAULT_VAT_REGION, type VatRegion } from '@aceite/shared/vat';
import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconSend, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { DecimalInput } from '@/components/decimal-input';
import { FinancialSummary } from '@/components/financial-summary';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';
import { SectionPanel } from '@/components/section-panel';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { fullName } from '@/lib/format';
import { useCreateProposal } from '../api/create-proposal';
import { approvalQueryOptions } from '../api/get-approval';
import { useProposalOwners } from '../api/get-members';
import { useUpdateProposal } from '../api/update-proposal';
import { approvalBlockReason } from './approval-block-reason';
import { BlocksEditor } from './blocks-editor';
import { type ClientOption, ClientPicker } from './client-picker';
import { ItemsEditor } from './items-editor';
import {
  formChoiceNote,
  formPath,
  formTaxLabel,
  formTotals,
  newItem,
  type ProposalFormValues,
  parseProposalDraft,
  toProposalDraft,
  validateProposalValues,
} from './proposal-form-values';
import { SeenProposalSaveModal } from './seen-proposal-save-modal';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { ProposalTaxRateSelect } from './vat-fields';

export interface ProposalFormProps {
  /** Set when editing; a new proposal otherwise. */
  proposalId?: string;
  initialValues: ProposalFormValues;
  /** The client already chosen (editing), so the picker can name it. */
  initialClient?: ClientOption | null;
  /** The owner already set (editing), in case they are no longer an active member. */
  initialOwner?: { id: string; firstName: string; lastName: string } | null;
  /** Where "Cancelar" leads. */
  cancelTo: string;
  /** `send`: saved with 'Guardar e enviar', so the send dialog opens next (docs/product.md#sending-and-email). */
  onSaved: (proposal: Proposal, options: { send: boolean }) => void;
  /** The organization's IVA region (Settings → Organização); continente until it is known. */
  vatRegion?: VatRegion;
}

/** Puts the server's validation details under the editor fields they name (`content.items.0.x` → item 1). */
function applyServerErrors(form: { setErrors: (errors: FormErrors) => void }, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.details.length === 0) return false;
  const errors: FormErrors = {};
  for (const detail of error.details) errors[formPath(detail.field)] ??= detail.message;
  form.setErrors(errors);
  return true;
}

// "Pagamento por Débito Direto SEPA" loads after the editor: the editor's route is at its budget
// (docs/architecture.md#budgets), and most proposals never turn it on.
const SepaFields = lazy(() => import('./sepa-fields'));

type Dialogs = typeof import('./proposal-form-dialogs');
let dialogs: Promise<Dialogs> | null = null;

/** The editor's dialogs; fetched once the editor is up. A failed load (offline) is retried on the next call. */
function loadDialogs(): Promise<Dialogs> {
  dialogs ??= import('./proposal-form-dialogs').catch((error: unknown) => {
    dialogs = null;
    throw error;
  });
  return dialogs;
}

/**
 * The dialogs module once loaded (fetched right after the editor mounts), and `open`, which runs its callback
 * when they are there: at once, or after the load. A failed load says so and leaves the form as it was.
 */
function useDialogs() {
  const [loaded, setLoaded] = useState<Dialogs | null>(null);
  useEffect(() => {
    let active = true;
    loadDialogs().then(
      (module) => {
        if (active) setLoaded(module);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  const open = useCallback((show: () => void) => {
    loadDialogs().then(
      (module) => {
        setLoaded(module);
        show();
      },
      () => notifications.show({ color: 'red', message: MESSAGES.dialogLoadError }),
    );
  }, []);
  return { dialogs: loaded, open };
}

/**
 * 'Guardar e enviar' (issue 37): saves, then the proposal's page opens the send dialog, one step instead of
 * save → back → send. While the proposal awaits approval it stays disabled and says why, as 'Enviar por email'.
 */
function SaveAndSendButton({
  blockedReason,
  disabled,
  onClick,
}: {
  blockedReason: string | undefined;
  disabled: boolean;
  onClick: () => void;
}) {
  const icon = <IconSend size={18} aria-hidden="true" />;
  if (blockedReason) {
    // Mantine's pattern for a disabled button with a tooltip: it keeps focus and hover, so the reason is read.
    return (
      <Tooltip
        label={blockedReason}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          variant="light"
          data-disabled
          aria-disabled="true"
          aria-description={blockedReason}
          leftSection={icon}
          onClick={(event) => event.preventDefault()}
        >
          Guardar e enviar
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button variant="light" leftSection={icon} disabled={disabled} onClick={onClick}>
      Guardar e enviar
    </Button>
  );
}

/**
 * The proposal editor (docs/product.md#proposal-screens, #forms-and-validation): details, content blocks,
 * priced items, discount and tax, with a live summary computed by the same function the server uses.
 */
export function ProposalForm({
  proposalId,
  initialValues,
  initialClient = null,
  initialOwner = null,
  cancelTo,
  onSaved,
  vatRegion = DEFAULT_VAT_REGION,
}: ProposalFormProps) {
  const authorization = useAuthorization();
  const canAssign = authorization.canAssignProposal() === true;
  const canApprove = authorization.can('proposal:approve') === true;
  const createProposal = useCreateProposal();
  const updateProposal = useUpdateProposal();
  const owners = useProposalOwners(canAssign);
  const [selectedClient, setSelectedClient] = useState<ClientOption | null>(initialClient);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [clientModalOpened, clientModal] = useDisclosure(false);
  const [catalogueOpened, catalogue] = useDisclosure(false);
  const { dialogs: Dialogs, open: openDialog } = useDialogs();
  // Set once the proposal is saved, so leaving for its page is not mistaken for abandoning changes.
  const saved = useRef(false);
  const initialStatus = useRef(initialValues.status).current;
  // Set by 'Guardar e enviar' for the save it starts; any other save (Enter, 'Guardar') only saves.
  const sendAfterSave = useRef(false);
  // A saved proposal awaiting approval cannot be sent: the button says so (docs/product.md#approvals). A new
  // one is only known once saved: its page then says why the send dialog did not open.
  const approval = useQuery({ ...approvalQueryOptions(proposalId ?? ''), enabled: !!proposalId });
  const sendBlockedReason = approvalBlockReason(approval.data);

  const form = useForm<ProposalFormValues>({
    initialValues,
    validate: validateProposalValues,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const totals = formTotals(values);

  const isDirty = form.isDirty;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !saved.current && currentLocation.pathname !== nextLocation.pathname && isDirty(),
    [isDirty],
  );

  const { setFieldValue, validateField } = form;
  const chooseClient = useCallback(
    (client: ClientOption | null) => {
      setSelectedClient(client);
      setFieldValue('clientId', client?.id ?? null);
    },
    [setFieldValue],
  );
  const validateClient = useCallback(() => void validateField('clientId'), [validateField]);

  const isSaving = createProposal.isPending || updateProposal.isPending;

  const [errorNote, setErrorNote] = useState('');
  // Centred rather than at an edge, so the sticky save bar never hides it; then said aloud.
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = (errors: FormErrors) => {
    sendAfterSave.current = false;
    const count = Object.keys(errors).length;
    setErrorNote(count ? `${count === 1 ? 'Há 1 campo' : `Há ${count} campos`} por corrigir.` : '');
    // Once React has marked the fields invalid: the first one in the page's order.
    setTimeout(() => {
      const node = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      node?.scrollIntoView({ block: 'center' });
      node?.focus({ preventScroll: true });
    });
  };

  // A proposal the client already has: saving asks first (it becomes a new version on the client's link).
  const clientHasSeen = !!proposalId && CLIENT_HAS_SEEN_STATUSES.includes(initialStatus);
  const [pendingSave, setPendingSave] = useState<ProposalInput | null>(null);

  const save = async (input: ProposalInput, notifyClient = false) => {
    try {
      const proposal = proposalId
        ? await updateProposal.mutateAsync({ id: proposalId, input, notifyClient })
        : await createProposal.mutateAsync(input);
      setPendingSave(null);
      saved.current = true;
      notifications.show({
        color: 'green',
        message: proposalId ? 'Proposta guardada.' : 'Proposta criada.',
      });
      onSaved(proposal, { send: sendAfterSave.current });
    } catch (error) {
      setPendingSave(null);
      applyServerErrors(form, error);
      focusFirstError(form.errors);
      const message = errorMessage(error, MESSAGES.proposalSaveError);
      setSaveError(message === MESSAGES.proposalSaveError ? '' : message);
    }
  };

  const handleSubmit = form.onSubmit(async (formValues) => {
    setSaveError(null);
    setErrorNote('');
    const parsed = parseProposalDraft(toProposalDraft(formValues, { includeOwner: canAssign }));
    if (!parsed.success) return;
    if (clientHasSeen) {
      setPendingSave(parsed.data);
      return;
    }
    await save(parsed.data);
  }, focusFirstError);

  const pickProduct = (product: Product) => {
    form.insertListItem(
      'items',
      newItem({
        name: product.name,
        description: product.description ?? '',
        quantity: 1,
        unit: product.unit,
        unitPrice: fromCents(product.price),
      }),
    );
  };

  const statusOptions = [
    ...FORM_STATUSES,
    ...((FORM_STATUSES as readonly string[]).includes(initialStatus) ? [] : [initialStatus]),
  ].map((status: ProposalStatus) => ({
    value: status,
    label: STATUS_LABELS[status],
    // Approving is for managers and admins; anyone may keep the status a proposal already has.
    disabled: status === 'approved' && !canApprove && initialStatus !== 'approved',
  }));

  const ownerOptions = (() => {
    const list = (owners.data ?? []).map((member) => ({ value: member.id, label: fullName(member) }));
    if (initialOwner && !list.some((option) => option.value === initialOwner.id)) {
      list.unshift({ value: initialOwner.id, label: fullName(initialOwner) });
    }
    return list;
  })();

  const discountIsPercent = values.discountType === 'percentage';

  const summary = (
    <FinancialSummary
      totals={totals}
      discountType={values.discountType}
      discountPercent={discountIsPercent ? Number(values.discountValue) || 0 : undefined}
      taxLabel={formTaxLabel(values)}
      note={[formChoiceNote(values), 'O desconto aplica-se ao subtotal e o IVA ao valor com desconto.']
        .filter(Boolean)
        .join(' ')}
    />
  );

  return (
    <>
      <form
        ref={formRef}
        onSubmit={handleSubmit}
        noValidate
        aria-label={proposalId ? 'Editar proposta' : 'Nova proposta'}
      >
        <VisuallyHidden role="status">{errorNote}</VisuallyHidden>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, xl: 8 }}>
            <Stack gap="lg">
              {saveError !== null && (
                <Alert
                  color="red"
                  variant="light"
                  title={MESSAGES.proposalSaveError}
                  icon={<IconAlertCircle aria-hidden="true" />}
                >
                  {saveError || 'Verifique os campos assinalados e tente novamente.'}
                </Alert>
              )}
              <SectionPanel bodyGap="md" title="Dados gerais">
                <TextInput
                  label="Título"
                  placeholder="Por exemplo, Website institucional 2026"
                  required
                  {...form.getInputProps('title')}
                />
                <Stack gap={6}>
                  <ClientPicker
                    value={values.clientId}
                    selected={selectedClient}
                    onChange={chooseClient}
                    error={form.errors.clientId}
                    dataPath="clientId"
                    onBlur={validateClient}
                  />
                  <Group>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconUserPlus size={16} aria-hidden="true" />}
                      onClick={() => openDialog(clientModal.open)}
                    >
                      Novo cliente
                    </Button>
                  </Group>
                </Stack>
                <Textarea
                  label="Descrição"
                  autosize
                  minRows={2}
                  maxRows={8}
                  {...form.getInputProps('description')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  <DateField
                    label="Válida até"
                    value={values.validUntil}
                    error={form.errors.validUntil}
                    onChange={(value) => form.setFieldValue('validUntil', value)}
                  />
                  <Select
                    label="Estado"
                    data={statusOptions}
                    allowDeselect={false}
                    description={
                      canApprove ? undefined : 'Aprovar está reservado a gestores e administradores.'
                    }
                    {...form.getInputProps('status')}
                  />
                </SimpleGrid>
                {canAssign && (
                  <Select
                    label="Responsável"
                    description="Quem fica com a proposta; ao mudar, o novo responsável é notificado."
                    data={ownerOptions}
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="Nenhum utilizador encontrado"
                    placeholder={owners.isPending ? 'A carregar…' : undefined}
                    {...form.getInputProps('ownerId')}
                  />
                )}
              </SectionPanel>

              <SectionPanel
                bodyGap="md"
                title="Conteúdo"
                description="Secções de texto, pela ordem em que o cliente as lê."
              >
                <BlocksEditor form={form} />
              </SectionPanel>

              <SectionPanel bodyGap="md" title="Itens" description="Preços em euros, sem IVA.">
                <ItemsEditor
                  form={form}
                  vatRegion={vatRegion}
                  onPickFromCatalogue={() => openDialog(catalogue.open)}
                />
              </SectionPanel>

              <SectionPanel bodyGap="md" title="Desconto e IVA">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
                  <LabelledSegmentedControl<ProposalFormValues['discountType']>
                    label="Tipo de desconto"
                    fullWidth
                    data={[
                      { value: 'percentage', label: 'Percentagem' },
                      { value: 'fixed', label: 'Valor fixo' },
                    ]}
                    value={values.discountType}
                    onChange={(type) => {
                      // A value means something else in the other unit: start again from 0.
                      form.setFieldValue('discountType', type);
                      form.setFieldValue('discountValue', 0);
                      form.clearFieldError('discountValue');
                    }}
                  />
                  {discountIsPercent ? (
                    <DecimalInput
                      key="percent"
                      label="Desconto (%)"
                      // Over 100 % is refused as it is typed.
                      max={100}
                      {...form.getInputProps('discountValue')}
                    />
                  ) : (
                    <DecimalInput
                      key="fixed"
                      label="Desconto (€)"
                      money
                      {...form.getInputProps('discountValue')}
                    />
                  )}
                  <ProposalTaxRateSelect region={vatRegion} {...form.getInputProps('taxRate')} />
                </SimpleGrid>
              </SectionPanel>

              <Suspense fallback={null}>
                <SepaFields form={form} />
              </Suspense>
            </Stack>
          </Grid.Col>
          {/* After the form on narrow screens; beside it, following the scroll, on wide ones. */}
          <Grid.Col span={{ base: 12, xl: 4 }}>
            <Box pos="sticky" top={84}>
              {summary}
            </Box>
          </Grid.Col>
        </Grid>

        <Paper
          withBorder
          shadow="md"
          radius="lg"
          p="sm"
          mt="lg"
          pos="sticky"
          bottom={12}
          style={{ zIndex: 3 }}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                Total
              </Text>
              <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }} truncate>
                {formatMoney(totals.totalValue)}
              </Text>
            </Stack>
            {/* On a phone the actions wrap under the total rather than push the page sideways. */}
            <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
              <Button variant="default" component={Link} to={cancelTo} visibleFrom="sm">
                Cancelar
              </Button>
              <SaveAndSendButton
                blockedReason={sendBlockedReason}
                disabled={isSaving}
                onClick={() => {
                  sendAfterSave.current = true;
                  formRef.current?.requestSubmit();
                }}
              />
              <Button
                type="submit"
                loading={isSaving}
                leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
                onClick={() => {
                  sendAfterSave.current = false;
                }}
              >
                {proposalId ? 'Guardar' : 'Criar proposta'}
              </Button>
            </Group>
          </Group>
        </Paper>
      </form>

      {Dialogs && (
        <Dialogs.QuickClientModal
          opened={clientModalOpened}
          onClose={clientModal.close}
          onCreated={(client) => {
            setSelectedClient(client);
            form.setFieldValue('clientId', client.id);
            form.clearFieldError('clientId');
            clientModal.close();
            notifications.show({ color: 'green', message: `Cliente ${client.name} criado e escolhido.` });
          }}
        />
      )}
      {Dialogs && (
        <Dialogs.ProductPickerModal opened={catalogueOpened} onClose={catalogue.close} onPick={pickProduct} />
      )}
      {clientHasSeen && (
        <SeenProposalSaveModal
          opened={pendingSave !== null}
          canNotify={!!selectedClient?.email}
          isSaving={isSaving}
          onCancel={() => {
            sendAfterSave.current = false;
            setPendingSave(null);
          }}
          onConfirm={(notifyClient) => pendingSave && void save(pendingSave, notifyClient)}
        />
      )}
      <UnsavedChangesGuard shouldBlock={shouldBlock} isDirty={() => !saved.current && form.isDirty()} />
    </>
  );
}
