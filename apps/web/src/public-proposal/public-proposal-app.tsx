import { MESSAGES } from '@aceite/shared/messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { IconPrinter } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { withProductName } from '@/lib/white-label';
import { PublicApiError } from './api';
import { contrastRatio, safeHexColor } from './brand';
import { Button } from './controls';
import { DocumentRegion } from './document-region';
import type { InitialPage } from './initial-page';
import { outcomeOf } from './outcome';
import { PageDates } from './page-dates';
import { LoadErrorState, LoadingState, NotFoundState } from './page-states';
import { createPageStore, PageStoreProvider, usePageState, usePageStore } from './page-store';
import { useReadingTracker } from './reading-tracker';
import { Island, PRINT_ATTRIBUTE, type RegionMode, RegionModeProvider, StaticRegion } from './regions';
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
          className="pp-no-print pp-needs-js"
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
          {...{ [PRINT_ATTRIBUTE]: '' }}
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

/** Reading the visit, in the one-tree page only: the islands' script starts it itself (islands-client.tsx). */
function ReadingTracker() {
  const { proposal } = usePageState();
  useReadingTracker(usePageStore().publicToken, proposal);
  return null;
}

/**
 * The proposal's page: the document, then the islands the client acts on (regions.tsx). Rendered by the server
 * with each island marked ('islands'), or as one tree in the browser ('inline').
 */
export function ProposalScreen({ mode }: { mode: RegionMode }) {
  const { proposal } = usePageState();
  const accent = safeHexColor(proposal.organization.primaryColor);
  const actionable = outcomeOf(proposal) === 'actionable';
  return (
    <RegionModeProvider mode={mode}>
      <div className="pp-page" style={{ '--pp-accent': accent } as CSSProperties}>
        <a className="pp-skip-link" href="#conteudo">
          Saltar para a proposta
        </a>
        <OrganizationHeader proposal={proposal} accent={accent} />
        <main className="pp-container pp-main" id="conteudo">
          <StaticRegion name="document">
            <DocumentRegion />
          </StaticRegion>
          <Island name="choice" />
          {actionable ? (
            // The reading needs no script; answering does (the signature pad, the emailed code).
            <noscript>
              <p className="pp-card pp-noscript">
                Para responder à proposta, ative o JavaScript no seu navegador. Pode ler e imprimir a proposta
                sem ele.
              </p>
            </noscript>
          ) : null}
          <Island name="answer" />
          <Island name="messages" />
        </main>
        <PageFooter organization={proposal.organization.name} whiteLabel={proposal.whiteLabel} />
        <Island name="notifications" />
        {mode === 'inline' ? <ReadingTracker /> : null}
      </div>
    </RegionModeProvider>
  );
}

function isNotFound(error: unknown): boolean {
  // 400: a malformed token fails the route's validation; for the client it is the same dead link.
  return (
    error === null || (error instanceof PublicApiError && (error.status === 404 || error.status === 400))
  );
}

/** The page once the proposal is read: its store, made once, holds what changes from then on. */
function ReadyPage({
  publicToken,
  proposal,
  mode,
}: {
  publicToken: string;
  proposal: PublicProposal;
  mode: RegionMode;
}) {
  const [store] = useState(() => createPageStore(publicToken, proposal));
  return (
    <PageStoreProvider store={store}>
      <ProposalScreen mode={mode} />
    </PageStoreProvider>
  );
}

export function PublicProposalPage({
  publicToken,
  initial,
  mode = 'inline',
}: {
  publicToken: string | null;
  initial?: InitialPage | null;
  mode?: RegionMode;
}) {
  const { state, retry } = usePublicProposal(publicToken, initial);

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
  return <ReadyPage key={publicToken} publicToken={publicToken} proposal={state.proposal} mode={mode} />;
}

/**
 * The page root, always light (a document reads and prints on white). `mode`: 'islands' when the server renders
 * it for the browser to hydrate island by island (server-render.tsx), 'inline' for one tree in the browser.
 */
export function PublicProposalApp({
  publicToken,
  initial,
  mode = 'inline',
}: {
  publicToken: string | null;
  /** Kept for the component tests' calls; the page has no transitions or portals to turn off. */
  env?: 'default' | 'test';
  /** What the server rendered the page with (server-render.tsx). */
  initial?: InitialPage | null;
  mode?: RegionMode;
}) {
  return (
    <PageDates hydrating={!!initial}>
      <PublicProposalPage publicToken={publicToken} initial={initial} mode={mode} />
    </PageDates>
  );
}
