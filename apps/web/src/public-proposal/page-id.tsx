import { createContext, type ReactNode, useContext, useId } from 'react';

// Ids for labels, descriptions and errors that stay unique and stable across the page's islands
// (docs/architecture.md, "The public page"). Each island is rendered and hydrated as its own root, so the
// renderer's own ids restart in each; the island's name, given to both sides, keeps them apart.
const Prefix = createContext('');

export function PageIdPrefix({ prefix, children }: { prefix: string; children: ReactNode }) {
  return <Prefix.Provider value={prefix}>{children}</Prefix.Provider>;
}

/** `useId`, unique across the page's islands. */
export function usePageId(): string {
  return `${useContext(Prefix)}${useId()}`;
}
