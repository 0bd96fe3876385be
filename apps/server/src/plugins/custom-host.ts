import type { Readable } from 'node:stream';
import { MESSAGES } from '@aceite/shared/messages';
import { mayUse } from '@aceite/shared/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/*
 * The Host header mapped to the organization (white-label, issue 40; docs/product.md#white-label and
 * docs/decisions.md "White-label (custom domain)"). The client-facing routes (/p/{token}, /verificar, the
 * public API) answer on the app's own host and on verified custom domains only; on a custom domain a link of
 * another organization is not found, and the private app is not served at all (404: a redirect would name the
 * app's own address on a page sold without it).
 */

export interface CustomHostOptions {
  /** The app's own host (APP_URL's). localhost and the loopback addresses are the app's own too (dev, tests). */
  appHost: string;
  /** The organization of a verified custom host, or undefined. */
  ownerOfHost(host: string): Promise<{ organizationId: string; plan: string } | undefined>;
  /** The organization of a public link, or undefined. */
  ownerOfToken(publicToken: string): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a verified custom domain: the organization it belongs to. */
    customHost?: { domain: string; organizationId: string; plan: string };
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
/** The client-facing paths; the rest of the app is private. */
const CLIENT_FACING = /^\/(p\/|verificar(\/|$)|api\/v1\/public\/|api\/v1\/tls\/ask$|api\/v1\/health)/;
/** A file (a built asset, the favicon, a font): the client's page loads them from its host. */
const FILE = /\/[^/]*\.[a-z0-9]+$/i;
/** The public link in a client-facing path. */
const TOKEN = /^\/(?:p|api\/v1\/public\/proposals)\/([^/?]+)/;

function notFound(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ error: { code: 'NOT_FOUND', message: MESSAGES.routeNotFound, requestId: req.id } });
}

/**
 * The built pages' own Aceite marks (the shells' titles and description, the favicon), taken out of every HTML
 * page a white-label host serves: the pages the apps render never name Aceite there themselves (they read the
 * `data-white-label` attribute set here, apps/web/src/lib/white-label.ts). On the app's own host nothing changes.
 */
export function whiteLabelHtml(html: string): string {
  return html
    .replace(/<html\b/, '<html data-white-label=""')
    .replace(/<title>Aceite<\/title>/, '<title>Verificar documento</title>')
    .replace(/(<title>[^<]*?) · Aceite<\/title>/, '$1</title>')
    .replace(/[ \t]*<meta name="description" content="[^"]*Aceite[^"]*"\s*\/?>\s*/g, '')
    .replace(/[ \t]*<link rel="icon"[^>]*>\s*/g, '');
}

async function textOf(payload: unknown): Promise<string | null> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload && typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export const customHostPlugin = fp(
  async (app: FastifyInstance, opts: CustomHostOptions) => {
    const own = new Set([opts.appHost, ...LOOPBACK]);
    app.addHook('onRequest', async (req, reply) => {
      const host = req.hostname.toLowerCase();
      if (own.has(host)) return;
      const path = req.url.split('?')[0] ?? '';
      const clientFacing = CLIENT_FACING.test(path);
      const owner = await opts.ownerOfHost(host);
      if (!owner) {
        // An unknown host is refused the client's pages; the rest answers as before (health checks by IP).
        if (clientFacing) return notFound(req, reply);
        return;
      }
      if (!clientFacing && !FILE.test(path)) return notFound(req, reply);
      req.customHost = { domain: host, ...owner };
      const token = path.match(TOKEN)?.[1];
      if (token && (await opts.ownerOfToken(safeDecode(token))) !== owner.organizationId)
        return notFound(req, reply);
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const custom = req.customHost;
      if (!custom || !mayUse(custom.plan, 'whiteLabel')) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
      const html = await textOf(payload);
      if (html === null) return payload;
      // The file's own length and validators no longer describe what is sent.
      reply.removeHeader('content-length');
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      return whiteLabelHtml(html);
    });
  },
  { name: 'custom-host' },
);
