import { formatInstantDate } from '@aceite/shared/dates';
import type { PlanId } from '@aceite/shared/plans';
import { type BillingPeriod, PLANS, type Plan, planById } from '@aceite/shared/pricing';
import type { PlanUsage } from '@aceite/shared/schemas/plan-usage';
import { Alert, Button, Group, Modal, Radio, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useUpgradeRequest } from '../api/get-upgrade-request';
import { useRequestPlanChange } from '../api/request-plan-change';

const WHOLE = new Intl.NumberFormat('pt-PT');

/** The price of `plan` for the chosen billing, as the landing page's table says it. */
export function planPriceText(plan: Plan, period: BillingPeriod): string {
  if (plan.priceMonthly === null || plan.priceYearly === null) return 'Sob consulta';
  return period === 'yearly'
    ? `${WHOLE.format(plan.priceYearly)} €/ano`
    : `${WHOLE.format(plan.priceMonthly)} €/mês`;
}

/** "Pedido de mudança para o Professional enviado em 28/11/2026 — a aguardar". */
export function pendingRequestText(plan: PlanId, createdAt: string): string {
  return `Pedido de mudança para o ${planById(plan).name} enviado em ${formatInstantDate(createdAt)} — a aguardar`;
}

interface ChangePlanDialogProps {
  opened: boolean;
  onClose: () => void;
  usage: PlanUsage;
}

/**
 * "Mudar de plano": the plan (any but the current one, which during the trial may be kept), the billing and a
 * note. The request waits for the superadmin (docs/product.md#plans).
 */
function ChangePlanDialog({ opened, onClose, usage }: ChangePlanDialogProps) {
  const onTrial = usage.trialEndsAt !== null;
  const choices = PLANS.filter((p) => onTrial || p.id !== usage.plan);
  const [plan, setPlan] = useState<PlanId | null>(null);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [note, setNote] = useState('');
  const [missingPlan, setMissingPlan] = useState(false);
  const request = useRequestPlanChange();

  const close = () => {
    if (request.isPending) return;
    request.reset();
    setMissingPlan(false);
    onClose();
  };

  const submit = () => {
    if (!plan) {
      setMissingPlan(true);
      return;
    }
    request.mutate({ plan, billingPeriod: period, note: note.trim() || null }, { onSuccess: close });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Mudar de plano"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          O pedido é enviado à equipa Aceite, que aplica o novo plano e trata da faturação.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="billing-period-label">
            Faturação
          </Text>
          <SegmentedControl
            aria-labelledby="billing-period-label"
            value={period}
            onChange={(v) => setPeriod(v === 'yearly' ? 'yearly' : 'monthly')}
            data={[
              { value: 'monthly', label: 'Mensal' },
              { value: 'yearly', label: 'Anual' },
            ]}
          />
        </Stack>
        <Radio.Group
          label="Novo plano"
          value={plan}
          onChange={(v) => {
            setPlan(v as PlanId);
            setMissingPlan(false);
          }}
          error={missingPlan ? 'Escolha um plano' : undefined}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((p) => (
              <Radio key={p.id} value={p.id} label={`${p.name} — ${planPriceText(p, period)}`} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Nota (opcional)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        {request.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="Não foi possível enviar o pedido"
          >
            {request.error instanceof ApiError && request.error.fromServer
              ? request.error.message
              : 'Verifique a ligação e tente novamente.'}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={request.isPending}>
            Cancelar
          </Button>
          <Button loading={request.isPending} onClick={submit}>
            Enviar pedido
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The plan panel's "Mudar de plano" (admins: the panel is theirs): the pending request, if any, and the action
 * that opens the dialog (a new request replaces the pending one).
 */
export function PlanChange({ usage }: { usage: PlanUsage }) {
  const [opened, setOpened] = useState(false);
  const pending = useUpgradeRequest();
  const request = pending.data?.pending ?? null;
  return (
    <Stack gap="xs">
      {request && (
        <Alert variant="light" color="blue">
          {pendingRequestText(request.plan, request.createdAt)}
        </Alert>
      )}
      <Group>
        <Button
          variant={request ? 'default' : 'filled'}
          leftSection={<IconArrowsExchange size={18} aria-hidden="true" />}
          onClick={() => setOpened(true)}
        >
          Mudar de plano
        </Button>
      </Group>
      <ChangePlanDialog opened={opened} onClose={() => setOpened(false)} usage={usage} />
    </Stack>
  );
}
