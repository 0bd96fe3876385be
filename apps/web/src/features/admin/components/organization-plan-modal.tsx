import { formatInstantDate } from '@aceite/shared/dates';
import { PLANS, planById } from '@aceite/shared/pricing';
import type { AdminOrganization } from '@aceite/shared/schemas/admin';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useChangeOrganizationPlan, useExtendTrial } from '../api/change-organization-plan';

const TRIAL_DAY_OPTIONS = [3, 7, 14, 30, 60, 90].map((d) => ({ value: String(d), label: `${d} dias` }));

interface OrganizationPlanModalProps {
  /** The organization whose plan is managed; the modal is open while one is given. */
  organization: AdminOrganization | null;
  onClose: () => void;
}

function done(message: string) {
  notifications.show({ closeButtonProps: { 'aria-label': 'Fechar notificação' }, color: 'green', message });
}

/**
 * The superadmin's plan tools for one organization (docs/product.md#plans): a chosen plan (which ends the
 * trial; a downgrade deletes nothing), or more days of trial (which re-opens a read-only organization).
 */
export function OrganizationPlanModal({ organization, onClose }: OrganizationPlanModalProps) {
  const changePlan = useChangeOrganizationPlan();
  const extend = useExtendTrial();
  const [plan, setPlan] = useState<string | null>(null);
  const [days, setDays] = useState('14');
  const busy = changePlan.isPending || extend.isPending;
  const failure = changePlan.error ?? extend.error;

  const close = () => {
    if (busy) return;
    changePlan.reset();
    extend.reset();
    setPlan(null);
    onClose();
  };

  if (!organization) return null;
  const chosen = plan ?? organization.plan;
  return (
    <Modal
      opened
      onClose={close}
      title={`Plano de ${organization.name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Plano atual: <strong>{planById(organization.plan).name}</strong>
          {organization.trialEndsAt
            ? ` — teste até ${formatInstantDate(organization.trialEndsAt)}`
            : ' — plano escolhido'}
        </Text>
        <NativeSelect
          label="Novo plano"
          description="Um plano escolhido termina o período de teste. Baixar de plano não apaga nada."
          data={PLANS.map((p) => ({ value: p.id, label: p.name }))}
          value={chosen}
          onChange={(e) => setPlan(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            loading={changePlan.isPending}
            disabled={extend.isPending}
            onClick={() =>
              changePlan.mutate(
                { id: organization.id, plan: chosen },
                {
                  onSuccess: () => {
                    done(`${organization.name} passou para o plano ${planById(chosen).name}.`);
                    close();
                  },
                },
              )
            }
          >
            Aplicar plano
          </Button>
        </Group>
        {organization.trialEndsAt && (
          <>
            <NativeSelect
              label="Prolongar o teste"
              description="Conta a partir do fim do teste, ou de hoje se já terminou."
              data={TRIAL_DAY_OPTIONS}
              value={days}
              onChange={(e) => setDays(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                loading={extend.isPending}
                disabled={changePlan.isPending}
                onClick={() =>
                  extend.mutate(
                    { id: organization.id, days: Number(days) },
                    {
                      onSuccess: (result) => {
                        done(
                          `O teste de ${organization.name} termina a ${formatInstantDate(result.trialEndsAt ?? '')}.`,
                        );
                        close();
                      },
                    },
                  )
                }
              >
                Prolongar teste
              </Button>
            </Group>
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(failure, 'Não foi possível alterar o plano. Tente novamente.')}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
