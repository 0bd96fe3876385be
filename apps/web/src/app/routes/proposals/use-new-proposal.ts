import { DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import { DEFAULT_VAT_REGION, type VatRegion, vatRates } from '@aceite/shared/vat';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCreateProposal } from '@/features/proposals/api/create-proposal';
import { addDaysIso, todayIso, useOrganizationTimeZone } from '@/features/proposals/components/dates';
import {
  emptyProposalValues,
  type ProposalFormValues,
  parseProposalDraft,
  type TemplatePrefill,
  toProposalDraft,
  valuesFromTemplate,
} from '@/features/proposals/components/proposal-form-values';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
import { errorMessage } from '@/lib/api-client';
import { useActor } from '@/lib/authorization';

/**
 * What a new proposal starts with (docs/product.md#templates): blank or a template's, valid for the
 * organization's days from its today, a blank one at the normal rate of its IVA region. Null while the
 * organization's settings load. One home for 'Nova proposta' and 'Nova proposta para este cliente'.
 */
export function useNewProposalValues(
  enabled: boolean,
): { valuesFor: (template: TemplatePrefill | null) => ProposalFormValues; vatRegion: VatRegion } | null {
  const userId = useActor()?.userId ?? null;
  // Usually already read by the top bar.
  const branding = useOrganizationBranding(enabled);
  const timeZone = useOrganizationTimeZone();
  const vatRegion = branding.data?.vatRegion ?? DEFAULT_VAT_REGION;
  const validityDays = branding.isPending
    ? null
    : (branding.data?.proposalValidityDays ?? DEFAULT_VALIDITY_DAYS);
  const valuesFor = useCallback(
    (template: TemplatePrefill | null): ProposalFormValues => {
      const values = template ? valuesFromTemplate(template, userId) : emptyProposalValues(userId);
      return {
        ...values,
        // A blank proposal starts at the normal rate of the organization's IVA region (docs/product.md#iva-per-line).
        ...(template ? {} : { taxRate: vatRates(vatRegion)[0] ?? values.taxRate }),
        validUntil:
          values.validUntil || addDaysIso(todayIso(timeZone), validityDays ?? DEFAULT_VALIDITY_DAYS),
      };
    },
    [userId, vatRegion, timeZone, validityDays],
  );
  return validityDays === null ? null : { valuesFor, vatRegion };
}

/** The title of a proposal made for a client: "<template> — <client>", or "Proposta — <client>" from blank. */
export function titleForClient(template: { name: string } | null, client: { name: string }): string {
  return `${template?.name ?? 'Proposta'} — ${client.name}`.slice(0, 300);
}

/**
 * 'Nova proposta para este cliente' (issue 37, docs/product.md#templates): the draft is created through the one
 * create path (`POST /proposals`, the editor's own body) with the client, the title "<template> — <client>",
 * the template's content and the organization's validity; then the editor opens on it. A template the shared
 * schema refuses as it stands (a 0 % line without its exemption) opens in the new-proposal editor instead, which
 * says what to fix.
 */
export function useStartProposalForClient(enabled: boolean) {
  const navigate = useNavigate();
  const create = useCreateProposal();
  const defaults = useNewProposalValues(enabled);
  const start = (template: TemplatePrefill | null, client: { id: string; name: string }) => {
    if (!defaults) return;
    const values = {
      ...defaults.valuesFor(template),
      title: titleForClient(template, client),
      clientId: client.id,
    };
    const parsed = parseProposalDraft(toProposalDraft(values, { includeOwner: false }));
    if (!parsed.success) {
      navigate(paths.proposalNew, { state: template ? { template } : undefined });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (proposal) => {
        notifications.show({ color: 'green', message: 'Proposta criada.' });
        navigate(paths.proposalEdit(proposal.id));
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: errorMessage(error, 'Erro ao criar a proposta') }),
    });
  };
  return { start, ready: defaults !== null, isPending: create.isPending };
}
