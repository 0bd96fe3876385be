import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReadingTracker } from './reading-tracker';

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly targets: Element[] = [];
  constructor(readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve(el: Element) {
    this.targets.splice(this.targets.indexOf(el), 1);
  }
  disconnect() {
    this.targets.length = 0;
  }
  show(id: string, ratio: number) {
    const target = this.targets.find((el) => (el as HTMLElement).dataset.reading === id);
    this.callback([
      {
        target,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
        intersectionRect: { height: ratio * 100 } as DOMRectReadOnly,
        rootBounds: { height: 800 } as DOMRectReadOnly,
      },
    ]);
  }
}

let visibility: DocumentVisibilityState = 'visible';
let clock = 0;
const sent: { visitId: string; visibleMs: number; sections: Record<string, number> }[] = [];

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  visibility = 'visible';
  clock = 0;
  sent.length = 0;
  document.body.innerHTML =
    '<section data-reading="b0">Âmbito</section><section data-reading="items">Itens</section>';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function start() {
  return startReadingTracker({
    publicToken: 'tok',
    now: () => clock,
    batchMs: 60_000,
    send: (json) => sent.push(JSON.parse(json)),
  });
}

describe('the reading tracker (docs/product.md#reading)', () => {
  it('counts visible time and the time each section is at least half in view, and sends it when hidden', () => {
    const tracker = start();
    const io = FakeObserver.last as FakeObserver;
    io.show('b0', 0.8);
    clock = 5_000;
    io.show('b0', 0.2); // scrolled past: no longer read
    io.show('items', 0.6);
    clock = 12_000;
    setVisibility('hidden');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ visibleMs: 12_000, sections: { b0: 5_000, items: 7_000 } });
    expect(sent[0]?.visitId).toMatch(/^[0-9a-f-]{36}$/);

    // Hidden time counts for nothing; the next batch carries the whole visit's totals again.
    clock = 100_000;
    setVisibility('visible');
    clock = 103_000;
    tracker.flush();
    expect(sent[1]).toMatchObject({
      visitId: sent[0]?.visitId,
      visibleMs: 15_000,
      sections: { items: 10_000 },
    });
    // Nothing new: nothing sent.
    tracker.flush();
    expect(sent).toHaveLength(2);
    tracker.stop();
  });

  it('sends on pagehide, and counts a block taller than the screen when it fills half of it', () => {
    const tracker = start();
    const io = FakeObserver.last as FakeObserver;
    // 10 % of a tall block, but 500 px of an 800 px screen.
    io.callback([
      {
        target: io.targets[0],
        isIntersecting: true,
        intersectionRatio: 0.1,
        intersectionRect: { height: 500 } as DOMRectReadOnly,
        rootBounds: { height: 800 } as DOMRectReadOnly,
      },
    ]);
    clock = 4_000;
    window.dispatchEvent(new Event('pagehide'));
    expect(sent[0]).toMatchObject({ visibleMs: 4_000, sections: { b0: 4_000 } });
    tracker.stop();
  });

  it('keeps a section in view through a re-render, and drops a section that is gone', () => {
    const tracker = start();
    const io = FakeObserver.last as FakeObserver;
    io.show('b0', 0.8);
    clock = 3_000;
    // The page re-renders (the visit's count arrived): the same elements stay observed, no time is lost.
    tracker.rescan();
    expect(io.targets).toHaveLength(2);
    clock = 7_000;
    // The block is removed: it stops counting; a new one is observed.
    document.body.innerHTML =
      '<section data-reading="items">Itens</section><section data-reading="b1">Prazos</section>';
    tracker.rescan();
    expect(io.targets.map((el) => (el as HTMLElement).dataset.reading).sort()).toEqual(['b1', 'items']);
    clock = 9_000;
    tracker.flush();
    expect(sent[0]).toMatchObject({ visibleMs: 9_000, sections: { b0: 7_000 } });
    tracker.stop();
  });
});
