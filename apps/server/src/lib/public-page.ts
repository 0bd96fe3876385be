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

/** Where the page's data comes from: the public proposals service, passed in by app.ts. */
export interface PublicPageSource {
  /** The public API's read of the proposal, without counting a view (`viewProposal`, `countView: false`). */
  read(publicToken: string, meta: { ip: string; userAgent?: string }): Promise<PublicProposal>;
  /** A marker that changes whenever that read would (`publicPageStamp`); null for an unknown token. */
  stamp(publicToken: string): Promise<string | null>;
}

export interface PublicPage {
  /**
   * The HTML page for a valid-looking token and its status: 200 with the proposal, 404 with the not-found or
   * cancelled state; null when the page had to be read and rendered and `mayRead` (the per-IP limit) refused.
   */
  respond(
    publicToken: string,
    meta: { ip: string; userAgent?: string },
    mayRead: () => Promise<boolean>,
  ): Promise<{ status: 200 | 404; html: string } | null>;
  /** The not-found page, for a token that cannot be one (no database read). */
  notFound(): { status: 404; html: string };
}

const HEAD_END = '</head>';
const ENTRY = /[ \t]*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The page's module script and its modulepreloads become data of public/public-page-loader.js, which adds them
 * once the rendered proposal has painted: the first paint then waits only for the HTML and the CSS, not for
 * the JavaScript sharing a slow connection with them (Lighthouse measured LCP on the CSS and the scripts).
 */
function deferScripts(template: string): string {
  const entry = template.match(ENTRY);
  if (!entry) return template;
  const preloads = [...template.matchAll(PRELOAD)].map(([, href]) => href);
  const loader = `<script defer src="/public-page-loader.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
  return template
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(HEAD_END, () => `  ${loader}\n  ${HEAD_END}`);
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
export async function loadPublicPage(root: string, source: PublicPageSource): Promise<PublicPage | null> {
  const modulePath = path.join(root, PUBLIC_RENDER_MODULE);
  const templatePath = path.join(root, PUBLIC_PAGE_TEMPLATE);
  if (!existsSync(modulePath) || !existsSync(templatePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as RenderModule;
  const template = deferScripts((await readFile(templatePath, 'utf8')).replace(EARLY_READ, ''));
  const [head, tail] = template.split(ROOT);
  if (head === undefined || tail === undefined || !/<title>[^<]*<\/title>/.test(head)) {
    throw new Error(`${templatePath} has no ${ROOT} or no <title>`);
  }

  function build(page: InitialPage, publicToken: string): string {
    const { markup, title, data } = module.renderPublicPage(page, publicToken);
    return `${head?.replace(/<title>[^<]*<\/title>/, () => title)}<div id="root">${markup}</div>${data}${tail}`;
  }

  // Rendering costs milliseconds of CPU and the full read three statements; a proposal's page changes only
  // when what it shows does. Each link's page is kept with the marker of the data it was rendered from and
  // served while the marker (one indexed statement) is unchanged: never stale, bounded in memory.
  const cache = new LRUCache<string, { stamp: string; html: string }>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) => entry.html.length + entry.stamp.length + 64,
  });
  // The two 404 states do not depend on the link: rendered once each.
  const fixed = new Map<string, string>();
  const fixedPage = (page: { kind: 'not-found' | 'unavailable' }) => {
    const html = fixed.get(page.kind) ?? build(page, '');
    fixed.set(page.kind, html);
    return { status: 404 as const, html };
  };

  // Requests for the same link while its marker is being read share that read (a link opened by many at once,
  // or reloaded): each answer reflects the data as of a moment after the request arrived or at most one
  // statement before, never older.
  const stamping = new Map<string, Promise<string | null>>();
  const stampOf = (publicToken: string) => {
    let pending = stamping.get(publicToken);
    if (!pending) {
      pending = source.stamp(publicToken).finally(() => stamping.delete(publicToken));
      stamping.set(publicToken, pending);
    }
    return pending;
  };

  return {
    async respond(publicToken, meta, mayRead) {
      const stamp = await stampOf(publicToken);
      const hit = stamp === null ? undefined : cache.get(publicToken);
      if (hit && hit.stamp === stamp) return { status: 200, html: hit.html };
      if (!(await mayRead())) return null;
      const page = await initialPageOf(() => source.read(publicToken, meta));
      if (page.kind !== 'ready') return fixedPage(page);
      const html = build(page, publicToken);
      // The marker read before the data: a change in between only makes the next request render again.
      if (stamp !== null) cache.set(publicToken, { stamp, html });
      return { status: 200, html };
    },
    notFound: () => fixedPage({ kind: 'not-found' }),
  };
}
