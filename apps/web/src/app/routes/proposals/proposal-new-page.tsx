import { DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import { DEFAULT_VAT_REGION, vatRates } from '@aceite/shared/vat';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { addDaysIso, todayIso, useOrganizationTimeZone } from '@/features/proposals/components/dates';
import { ProposalForm } from '@/features/proposals/components/proposal-form';
import {
  emptyProposalValues,
  templateFromState,
  valuesFromTemplate,
} from '@/features/proposals/components/proposal-form-values';
import { ProposalNotAllowed } from '@/features/proposals/components/proposal-screen-states';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
import { useActor, useCan } from '@/lib/authorization';

const TITLE = 'Nova proposta';

/** /proposals/new, blank or prefilled from a template passed in navigation state `{ template }`. */
export function ProposalNewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const canCreate = useCan('proposal:create');
  const userId = useActor()?.userId;
  const template = useMemo(() => templateFromState(location.state), [location.state]);
  // The organization's validity (Settings → Organização); usually already read by the top bar.
  const branding = useOrganizationBranding(canCreate === true);
  const validityDays = branding.isPending
    ? null
    : (branding.data?.proposalValidityDays ?? DEFAULT_VALIDITY_DAYS);
  const vatRegion = branding.data?.vatRegion ?? DEFAULT_VAT_REGION;
  // The default validity counts from the organization's today, as the server's duplicate does.
  const timeZone = useOrganizationTimeZone();
  const initialValues = useMemo(() => {
    const values = template
      ? valuesFromTemplate(template, userId ?? null)
      : emptyProposalValues(userId ?? null);
    return {
      ...values,
      // A blank proposal starts at the normal rate of the organization's IVA region (docs/product.md#iva-per-line).
      ...(template ? {} : { taxRate: vatRates(vatRegion)[0] ?? values.taxRate }),
      validUntil: values.validUntil || addDaysIso(todayIso(timeZone), validityDays ?? DEFAULT_VALIDITY_DAYS),
    };
  }, [template, userId, validityDays, vatRegion, timeZone]);
  const back = { to: paths.proposals(), label: 'Voltar a Propostas' };

  if (canCreate === undefined) return <LoadingState />;
  if (!canCreate) {
    return (
      <>
        <DocumentTitle title={TITLE} />
        <ProposalNotAllowed back={back} />
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={TITLE} />
      <PageHeader
        title={TITLE}
        back={back}
        description={template ? `A partir do modelo «${template.name}».` : undefined}
      />
      {validityDays === null ? (
        <LoadingState label="A preparar a proposta…" />
      ) : (
        <ProposalForm
          key={location.key}
          initialValues={initialValues}
          cancelTo={paths.proposals()}
          vatRegion={vatRegion}
          // Back from the new proposal's page returns to the list, not to an empty form.
          onSaved={(proposal) => navigate(paths.proposal(proposal.id), { replace: true })}
        />
      )}
    </>
  );
}
