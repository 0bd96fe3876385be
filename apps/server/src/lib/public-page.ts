import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MESSAGES } from '@aceite/shared/messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { LRUCache } from 'lru-cache';
import { AppError } from './app-error.ts';

/**
 * The client's page `/p/{token}` rendered on the server (docs/architecture.md, "The public page"): the React
 * tree of apps/web/src/public-proposal, built by `vite build --config vite.public-ssr.config.ts` into
 * `<web dist>/.ssr-public/server-render.js`, is imported once here and renders the proposal into the page's
 * built HTML (its CSS links and scripts), with the data it was rendered from for the browser to hydrate.
 */

/** What the server found behind the link (apps/web/src/public-proposal/initial-page.ts). */
export type InitialPage =
  | { kind: 'ready'; proposal: PublicProposal }
  | { kind: 'not-found' }
  | { kind: 'unavailable' };

interface RenderModule {
  renderPublicPage(page: InitialPage, publicToken: string): { markup: string; title: string; data: string };
}

export const PUBLIC_PAGE_TEMPLATE = 'public-proposal.html';
export const PUBLIC_RENDER_MODULE = path.join('.ssr-public', 'server-render.js');
const ROOT = '<div id="root"></div>';
// The shell's early read (public/early-proposal.js) would count a view and fetch what the page already holds.
const EARLY_READ =
  /[ \t]*<!--[^>]*early-proposal[^>]*-->\s*|[ \t]*<script[^>]*early-proposal\.js[^>]*><\/script>\s*/g;
/** Rendered pages kept: each is one proposal's HTML (tens of kB), replaced when its data changes. */
const CACHE_BYTES = 32 * 1024 * 1024;

export interface PublicPage {
  /** The HTML page and its status: 200 with the proposal, 404 with the not-found or cancelled state. */
  render(page: InitialPage, publicToken: string): { status: 200 | 404; html: string };
}

/** The page's state from the public read: the same 404s the public API answers, as states of the page. */
export async function initialPageOf(read: () => Promise<PublicProposal>): Promise<InitialPage> {
  try {
    return { kind: 'ready', proposal: await read() };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    return error.message === MESSAGES.proposalUnavailable ? { kind: 'unavailable' } : { kind: 'not-found' };
  }
}

/**
 * Loads the render module and the page's template from the web build, or null when the build has no render
 * module (a build before this one, or a test's dist): the server then sends the static shell as before.
 */
export async function loadPublicPage(root: string): Promise<PublicPage | null> {
  const modulePath = path.join(root, PUBLIC_RENDER_MODULE);
  const templatePath = path.join(root, PUBLIC_PAGE_TEMPLATE);
  if (!existsSync(modulePath) || !existsSync(templatePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as RenderModule;
  const template = (await readFile(templatePath, 'utf8')).replace(EARLY_READ, '');
  const [head, tail] = template.split(ROOT);
  if (head === undefined || tail === undefined || !/<title>[^<]*<\/title>/.test(head)) {
    throw new Error(`${templatePath} has no ${ROOT} or no <title>`);
  }

  // Rendering costs milliseconds of CPU; a proposal's page changes only when its data does. The key is the
  // token, and an entry is used only for exactly the data it was rendered from (the whole JSON the browser
  // hydrates from: version, status, expiry, messages, branding…), so a cached page is never stale.
  const cache = new LRUCache<string, { data: string; html: string }>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) => entry.html.length + entry.data.length + 64,
  });

  function build(page: InitialPage, publicToken: string): string {
    const { markup, title, data } = module.renderPublicPage(page, publicToken);
    return `${head?.replace(/<title>[^<]*<\/title>/, () => title)}<div id="root">${markup}</div>${data}${tail}`;
  }

  // The two 404 states do not depend on the link: rendered once each.
  const fixed = new Map<string, string>();

  return {
    render(page, publicToken) {
      const status = page.kind === 'ready' ? 200 : 404;
      if (page.kind !== 'ready') {
        const html = fixed.get(page.kind) ?? build(page, '');
        fixed.set(page.kind, html);
        return { status, html };
      }
      const data = JSON.stringify(page.proposal);
      const hit = cache.get(publicToken);
      if (hit && hit.data === data) return { status, html: hit.html };
      const html = build(page, publicToken);
      cache.set(publicToken, { data, html });
      return { status, html };
    },
  };
}
