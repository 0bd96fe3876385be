import { MESSAGES } from '@aceite/shared/messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { Button, MantineProvider } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { withProductName } from '@/lib/white-label';
import { theme } from '@/theme';
import { PublicApiError } from './api';
import { PublicAttachments } from './attachments';
import { actionColor, contrastRatio, safeHexColor } from './brand';
import { ChosenSummary, ClientChoicePanel, choiceTotals, useClientChoice } from './client-choice';
import { ClientMessages } from './client-messages';
import { DownloadPdfButton } from './download-pdf';
import type { InitialPage } from './initial-page';
import { type InteractionsModule, loadInteractions } from './lazy';
import {
  AcceptedOutcome,
  ClosedOutcome,
  ExpiredOutcome,
  InReviewOutcome,
  outcomeOf,
  RejectedOutcome,
  SignedOutcome,
} from './outcome';
import { PageDates } from './page-dates';
import { LoadErrorState, LoadingState, NotFoundState } from './page-states';
import { ProposalDocument } from './proposal-document';
import { useReadingTracker } from './reading-tracker';
import { ResponsePanel } from './response-panel';
import { isUnavailable, UnavailableState } from './unavailable-state';
import { usePublicProposal } from './use-public-proposal';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase() || 'A';
}

function OrganizationHeader({ proposal, accent }: { proposal: PublicProposal; accent: string }) {
  const { name, logo } = proposal.organization;
  // The monogram's letters are large text (3:1 suffices): white when it reaches that, else black.
  const monogramText = contrastRatio(accent, '#ffffff') >= 3 ? '#fff' : '#000';
  return (
    <header className="pp-header">
      <div className="pp-container pp-header-inner">
        <div className="pp-org">
          {logo ? (
            <img className="pp-org-logo" src={logo} alt="" />
          ) : (
            <span className="pp-monogram" style={{ color: monogramText }} aria-hidden="true">
              {initials(name)}
            </span>
          )}
          <p style={{ margin: 0 }}>
            <span className="pp-org-name">{name}</span>
            <span className="pp-org-kicker">Proposta comercial</span>
          </p>
        </div>
        <Button
          className="pp-no-print"
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
        >
          Imprimir
        </Button>
      </div>
    </header>
  );
}

function PageFooter({ organization, whiteLabel }: { organization: string; whiteLabel: boolean }) {
  // The white-label shows the organization alone (docs/product.md#white-label).
  return (
    <footer className="pp-footer">
      <div className="pp-container">
        {whiteLabel ? (
          <>Proposta enviada por {organization}.</>
        ) : (
          <>
            Proposta enviada por {organization} com <a href="/">Aceite</a>.
          </>
        )}
      </div>
    </footer>
  );
}

interface ProposalScreenProps {
  proposal: PublicProposal;
  publicToken: string;
  reload: () => Promise<void>;
}

function ProposalScreen({ proposal, publicToken, reload }: ProposalScreenProps) {
  const accent = safeHexColor(proposal.organization.primaryColor);
  const color = actionColor(accent);
  const outcome = outcomeOf(proposal);
  const [ui, setUi] = useState<InteractionsModule | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [focusResult, setFocusResult] = useState(false);
  useReadingTracker(publicToken, proposal);

  // Notifications must outlive the answer form, which disappears once the proposal is answered.
  const ensureInteractions = useCallback(async () => {
    const module = await loadInteractions();
    setUi(module);
    return module;
  }, []);

  const onAnswered = useCallback(async () => {
    await reload();
    setFocusResult(true);
  }, [reload]);

  useEffect(() => {
    if (!focusResult || outcome === 'actionable') return;
    resultHeading.current?.focus();
    setFocusResult(false);
  }, [focusResult, outcome]);

  const outcomeProps = { proposal, headingRef: resultHeading };
  const clientChoice = useClientChoice(proposal);
  return (
    <div className="pp-page" style={{ '--pp-accent': accent } as CSSProperties}>
      <a className="pp-skip-link" href="#conteudo">
        Saltar para a proposta
      </a>
      <OrganizationHeader proposal={proposal} accent={accent} />
      <main className="pp-container pp-main" id="conteudo">
        <ProposalDocument
          proposal={proposal}
          liveTotal={
            outcome === 'actionable' && clientChoice.active
              ? choiceTotals(proposal, clientChoice.choice).totalValue
              : undefined
          }
          after={
            <>
              <PublicAttachments publicToken={publicToken} />
              <DownloadPdfButton publicToken={publicToken} number={proposal.number} title={proposal.title} />
            </>
          }
        />
        {outcome === 'actionable' && clientChoice.active ? (
          <ClientChoicePanel
            proposal={proposal}
            choice={clientChoice.choice}
            onChange={clientChoice.setChoice}
          />
        ) : null}
        {outcome === 'actionable' ? (
          <ResponsePanel
            choice={clientChoice.active ? clientChoice.choice : undefined}
            proposal={proposal}
            publicToken={publicToken}
            actionColor={color}
            ensureInteractions={ensureInteractions}
            onAnswered={onAnswered}
          />
        ) : (
          <section className="pp-card pp-response" aria-labelledby="response-title">
            {outcome === 'signed' ? <SignedOutcome {...outcomeProps} /> : null}
            {outcome === 'accepted' ? <AcceptedOutcome {...outcomeProps} /> : null}
            {outcome === 'signed' || outcome === 'accepted' ? <ChosenSummary proposal={proposal} /> : null}
            {outcome === 'signed' || outcome === 'accepted' ? (
              <p className="pp-sealed">
                {/* The sealed PDF with its certificate (docs/product.md#sealed-certificate); a plain download. */}
                <a
                  className="pp-link"
                  href={`/api/v1/public/proposals/${encodeURIComponent(publicToken)}/sealed-pdf`}
                  download
                >
                  Descarregar PDF assinado
                </a>{' '}
                (selado digitalmente, com o certificado de aceitação; disponível poucos instantes depois da
                resposta)
              </p>
            ) : null}
            {outcome === 'rejected' ? <RejectedOutcome {...outcomeProps} /> : null}
            {outcome === 'expired' ? <ExpiredOutcome {...outcomeProps} /> : null}
            {outcome === 'closed' ? <ClosedOutcome {...outcomeProps} /> : null}
            {outcome === 'in_review' ? <InReviewOutcome {...outcomeProps} /> : null}
          </section>
        )}
        <ClientMessages
          proposal={proposal}
          publicToken={publicToken}
          // Questions stay open while a change is in review; only the answers wait.
          actionable={outcome === 'actionable' || outcome === 'in_review'}
          ensureInteractions={ensureInteractions}
          reload={reload}
        />
      </main>
      <PageFooter organization={proposal.organization.name} whiteLabel={proposal.whiteLabel} />
      {ui ? <ui.NotificationsHost /> : null}
    </div>
  );
}

function isNotFound(error: unknown): boolean {
  // 400: a malformed token fails the route's validation; for the client it is the same dead link.
  return (
    error === null || (error instanceof PublicApiError && (error.status === 404 || error.status === 400))
  );
}

export function PublicProposalPage({
  publicToken,
  initial,
}: {
  publicToken: string | null;
  initial?: InitialPage | null;
}) {
  const { state, reload, retry } = usePublicProposal(publicToken, initial);

  const title =
    state.kind === 'ready'
      ? `${state.proposal.title} · ${state.proposal.organization.name}`
      : state.kind === 'error' && isUnavailable(state.error)
        ? withProductName(MESSAGES.proposalUnavailable)
        : state.kind === 'error' && isNotFound(state.error)
          ? withProductName(MESSAGES.proposalNotFound)
          : withProductName('Proposta');
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (state.kind === 'loading') return <LoadingState />;
  if (state.kind === 'error') {
    if (isUnavailable(state.error)) return <UnavailableState />;
    if (isNotFound(state.error)) return <NotFoundState />;
    const message = state.error instanceof PublicApiError ? state.error.serverMessage : null;
    return <LoadErrorState message={message} onRetry={retry} />;
  }
  if (!publicToken) return <NotFoundState />;
  return <ProposalScreen proposal={state.proposal} publicToken={publicToken} reload={reload} />;
}

// Dialog and notification animations are skipped for visitors who ask the system for reduced motion.
const pageTheme = { ...theme, respectReducedMotion: true };

/** The page root: Mantine with the app's theme, always light (a document reads and prints on white). */
export function PublicProposalApp({
  publicToken,
  env,
  initial,
}: {
  publicToken: string | null;
  /** 'test' turns off transitions and portals in component tests. */
  env?: 'default' | 'test';
  /** What the server rendered the page with (server-render.tsx), hydrated as is. */
  initial?: InitialPage | null;
}) {
  return (
    <MantineProvider theme={pageTheme} forceColorScheme="light" env={env}>
      <PageDates hydrating={!!initial}>
        <PublicProposalPage publicToken={publicToken} initial={initial} />
      </PageDates>
    </MantineProvider>
  );
}
