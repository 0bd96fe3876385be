// The proposal's document as a region (regions.tsx): the server's HTML as the page loads; drawn again in the
// browser only once the proposal changes (after an answer), so its code loads only then (islands-client.tsx).

import { usePageState } from './page-store';
import { ProposalDocument } from './proposal-document';
import { Island } from './regions';

export function DocumentRegion() {
  const { proposal } = usePageState();
  return (
    <ProposalDocument proposal={proposal} sepa={<Island name="sepa" />} after={<Island name="files" />} />
  );
}
