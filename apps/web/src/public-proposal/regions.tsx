// The client's page as server HTML plus small islands (docs/architecture.md, "The public page"). The server
// renders the whole page; each part the client acts on is a region that the browser hydrates on its own (the
// islands: the choice of optional items and the SEPA schedule that follows it, the answer with its code and
// signature pad, the questions, the files and the notifications). The rest (the header, the document, the
// footer) stays the server's HTML, with no JavaScript. It is drawn again in the browser only after the client
// answers (document-region.tsx, loaded then).
//
// The same components draw the whole page in the browser when there is no server render (the static shell,
// component tests): regions are then plain parts of one tree ('inline').

import { shownTotal } from '@aceite/shared/agreed';
import { hasClientChoice } from '@aceite/shared/client-choice';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { PublicAttachments } from './attachments';
import { actionColor, safeHexColor } from './brand';
import { ChosenSummary, ClientChoicePanel, choiceTotals } from './client-choice';
import { ClientMessages } from './client-messages';
import { DownloadPdfButton } from './download-pdf';
import { heroFigures } from './figures';
import { loadInteractions } from './lazy';
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
import { PageIdPrefix } from './page-id';
import { NotificationsHost } from './page-notifications';
import { type PageStore, PageStoreProvider, usePageState, usePageStore } from './page-store';
import { ResponsePanel } from './response-panel';
import { SepaScheduleSection } from './sepa-schedule';

/** 'islands': the server's render, each region marked for the browser; 'inline': one tree in the browser. */
export type RegionMode = 'islands' | 'inline';
const Mode = createContext<RegionMode>('inline');

export function RegionModeProvider({ mode, children }: { mode: RegionMode; children: ReactNode }) {
  return <Mode.Provider value={mode}>{children}</Mode.Provider>;
}

/** The SEPA schedule follows the configuration the client is choosing (docs/product.md#the-schedule-in-the-proposal). */
function SepaRegion() {
  const { proposal, choice } = usePageState();
  const live = outcomeOf(proposal) === 'actionable' && hasClientChoice(proposal.content.items);
  const total = live ? choiceTotals(proposal, choice).totalValue : shownTotal(heroFigures(proposal));
  return <SepaScheduleSection proposal={proposal} total={total} />;
}

function FilesRegion() {
  const store = usePageStore();
  const { proposal } = usePageState();
  return (
    <>
      <PublicAttachments publicToken={store.publicToken} />
      <DownloadPdfButton publicToken={store.publicToken} number={proposal.number} title={proposal.title} />
    </>
  );
}

function ChoiceRegion() {
  const store = usePageStore();
  const { proposal, choice } = usePageState();
  if (outcomeOf(proposal) !== 'actionable' || !hasClientChoice(proposal.content.items)) return null;
  return <ClientChoicePanel proposal={proposal} choice={choice} onChange={store.setChoice} />;
}

/** The answer form while the proposal can be answered; its result afterwards, which takes focus once drawn. */
function AnswerRegion() {
  const store = usePageStore();
  const { proposal, choice, focusResult } = usePageState();
  const outcome = outcomeOf(proposal);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusResult || outcome === 'actionable') return;
    resultHeading.current?.focus();
    store.resultFocused();
  }, [focusResult, outcome, store]);

  if (outcome === 'actionable') {
    return (
      <ResponsePanel
        choice={hasClientChoice(proposal.content.items) ? choice : undefined}
        proposal={proposal}
        publicToken={store.publicToken}
        actionColor={actionColor(safeHexColor(proposal.organization.primaryColor))}
        ensureInteractions={loadInteractions}
        onAnswered={store.answered}
      />
    );
  }
  const outcomeProps = { proposal, headingRef: resultHeading };
  const decided = outcome === 'signed' || outcome === 'accepted';
  return (
    <section className="pp-card pp-response" aria-labelledby="response-title">
      {outcome === 'signed' ? <SignedOutcome {...outcomeProps} /> : null}
      {outcome === 'accepted' ? <AcceptedOutcome {...outcomeProps} /> : null}
      {decided ? <ChosenSummary proposal={proposal} /> : null}
      {decided ? (
        <p className="pp-sealed">
          {/* The sealed PDF with its certificate (docs/product.md#sealed-certificate); a plain download. */}
          <a
            className="pp-link"
            href={`/api/v1/public/proposals/${encodeURIComponent(store.publicToken)}/sealed-pdf`}
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
  );
}

function MessagesRegion() {
  const store = usePageStore();
  const { proposal } = usePageState();
  const outcome = outcomeOf(proposal);
  return (
    <ClientMessages
      proposal={proposal}
      publicToken={store.publicToken}
      // Questions stay open while a change is in review; only the answers wait.
      actionable={outcome === 'actionable' || outcome === 'in_review'}
      ensureInteractions={loadInteractions}
      reload={store.reload}
    />
  );
}

/** The islands the browser hydrates as the page loads, by the name the server marks them with. */
export const ISLANDS = {
  sepa: SepaRegion,
  files: FilesRegion,
  choice: ChoiceRegion,
  answer: AnswerRegion,
  messages: MessagesRegion,
  notifications: NotificationsHost,
} as const;

export type IslandName = keyof typeof ISLANDS;

/** The attribute that marks an island in the server's HTML. */
export const ISLAND_ATTRIBUTE = 'data-island';

/** The attribute of the header's print button, which is no island: islands-client.tsx gives it a listener. */
export const PRINT_ATTRIBUTE = 'data-print';

export function isIsland(name: string | null | undefined): name is IslandName {
  return typeof name === 'string' && Object.hasOwn(ISLANDS, name);
}

/**
 * What every island is rendered in, on the server and in the browser alike, so that the browser's first render
 * is exactly the server's: the page's dates in the server's zone until hydrated, the island's own ids
 * (page-id.tsx) and the page's store.
 */
export function IslandRoot({
  name,
  store,
  hydrating,
  children,
}: {
  name: string;
  store: PageStore;
  hydrating: boolean;
  children: ReactNode;
}) {
  return (
    <PageDates hydrating={hydrating}>
      <PageIdPrefix prefix={`${name}-`}>
        <PageStoreProvider store={store}>{children}</PageStoreProvider>
      </PageIdPrefix>
    </PageDates>
  );
}

/**
 * One island. In one browser tree, its content. In the server's render, an empty element the browser finds it
 * by (display: contents, so the layout is the same), which server-render.tsx fills with the island rendered as
 * its own root, as the browser hydrates it (`fillIslands`).
 */
export function Island({ name }: { name: IslandName }) {
  const mode = useContext(Mode);
  const Body = ISLANDS[name];
  if (mode === 'inline') return <Body />;
  // One attribute, so that its markup is the same whichever renderer writes it (server-render.tsx finds it).
  return <div {...{ [ISLAND_ATTRIBUTE]: name }} />;
}

/** The region drawn again in the browser only when the proposal changes (after an answer). */
export function StaticRegion({ name, children }: { name: 'document'; children: ReactNode }) {
  const mode = useContext(Mode);
  if (mode === 'inline') return children;
  return (
    <div className="pp-island" {...{ [ISLAND_ATTRIBUTE]: name }}>
      {children}
    </div>
  );
}
