import { READING_BATCH_MS } from '@aceite/shared/reading';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { useEffect, useRef } from 'react';
import { storedAccessToken, viewCounted } from './api';

/**
 * Measures what the client reads on this page (docs/product.md#reading): the time the page is visible and, for
 * each element marked `data-reading`, the time at least half of it (or half the screen's height of it) is in
 * view while the page is visible. No cookies, no storage, nothing third-party: the totals go to our own
 * server every 15 s while visible and once more when the page is hidden or left (sendBeacon survives the
 * unload). Each batch carries the visit's whole totals, so the server keeps the largest and loses nothing when
 * one batch is lost.
 */
export interface ReadingTracker {
  /** Observes the marked sections again (after the page re-rendered). */
  rescan(): void;
  /** Sends the totals now when they changed since the last batch. */
  flush(): void;
  stop(): void;
}

interface Options {
  publicToken: string;
  now?: () => number;
  batchMs?: number;
  /** Delivers one batch (JSON); by default sendBeacon, or a keep-alive fetch carrying a member's session. */
  send?: (json: string) => void;
}

function newVisitId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure origins; a UUID v4 from random bytes elsewhere.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function defaultSend(publicToken: string): (json: string) => void {
  const url = `/api/v1/public/proposals/${encodeURIComponent(publicToken)}/reading`;
  return (json) => void viewCounted().then(() => deliver(json));
  function deliver(json: string) {
    // A member's preview is not the client's reading (docs/product.md#views): the session must travel with
    // the batch so the server can tell, and a beacon carries no headers.
    const token = storedAccessToken();
    if (!token && navigator.sendBeacon?.(url, new Blob([json], { type: 'text/plain;charset=UTF-8' }))) return;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    fetch(url, { method: 'POST', headers, body: json, keepalive: true, credentials: 'omit' }).catch(() => {
      // Reading is best effort: a lost batch is made up by the next one's totals.
    });
  }
}

export function startReadingTracker(options: Options): ReadingTracker {
  const now = options.now ?? (() => performance.now());
  const send = options.send ?? defaultSend(options.publicToken);
  const visitId = newVisitId();
  let visibleMs = 0;
  const sectionMs = new Map<string, number>();
  const inView = new Set<string>();
  let last = now();
  let visible = document.visibilityState === 'visible';
  let lastSent = '';

  /** Adds the time since the last tick to the page and to every section in view, while visible. */
  function tick() {
    const t = now();
    const elapsed = Math.max(0, t - last);
    last = t;
    if (!visible) return;
    visibleMs += elapsed;
    for (const id of inView) sectionMs.set(id, (sectionMs.get(id) ?? 0) + elapsed);
  }

  function flush() {
    tick();
    const sections: Record<string, number> = {};
    for (const [id, ms] of sectionMs) sections[id] = Math.round(ms);
    const json = JSON.stringify({ visitId, visibleMs: Math.round(visibleMs), sections });
    if (json === lastSent || visibleMs < 1) return;
    lastSent = json;
    send(json);
  }

  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            tick();
            for (const entry of entries) {
              const id = (entry.target as HTMLElement).dataset.reading;
              if (!id) continue;
              const screen = entry.rootBounds?.height ?? window.innerHeight;
              // A block taller than the screen never shows half of itself: half the screen's height counts.
              const reading =
                entry.isIntersecting &&
                (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= screen / 2);
              if (reading) inView.add(id);
              else inView.delete(id);
            }
          },
          { threshold: [0, 0.25, 0.5, 0.75, 1] },
        );

  // The sections observed, by element. A re-render (the visit's count arriving, hydration's transition) keeps
  // most of them: only the ones gone are dropped and the new ones observed, so a section in view keeps its
  // place — clearing them all lost the time since the last tick of whatever the client was reading.
  const observed = new Map<HTMLElement, string>();
  function rescan() {
    if (!observer) return;
    tick();
    const current = new Set(document.querySelectorAll<HTMLElement>('[data-reading]'));
    for (const [el, id] of observed) {
      if (current.has(el) && el.dataset.reading === id) continue;
      observer.unobserve(el);
      observed.delete(el);
      if (![...observed.values()].includes(id)) inView.delete(id);
    }
    for (const el of current) {
      if (observed.has(el) || !el.dataset.reading) continue;
      observed.set(el, el.dataset.reading);
      observer.observe(el);
    }
  }

  function onVisibility() {
    tick();
    visible = document.visibilityState === 'visible';
    if (!visible) flush();
  }
  function onPageHide() {
    flush();
  }

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  const timer = window.setInterval(() => {
    if (visible) flush();
  }, options.batchMs ?? READING_BATCH_MS);
  rescan();

  return {
    rescan,
    flush,
    stop() {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      observer?.disconnect();
    },
  };
}

/** Tracks the visit while the page shows this proposal; the sections are observed again when it re-renders. */
export function useReadingTracker(publicToken: string, proposal: PublicProposal) {
  const tracker = useRef<ReadingTracker | null>(null);
  useEffect(() => {
    const started = startReadingTracker({ publicToken });
    tracker.current = started;
    return () => {
      started.flush();
      started.stop();
      tracker.current = null;
    };
  }, [publicToken]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sections change with the proposal's content
  useEffect(() => {
    tracker.current?.rescan();
  }, [proposal]);
}
