import { describe, expect, it } from 'vitest';
import { backoffSeconds, PeriodicJob, retryAt } from './durable-queue.ts';

/** A pass that stays under way until the test lets it finish. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PeriodicJob: the loop of every background job', () => {
  it('runs one pass at a time, and one more after a pass when woken during it', async () => {
    const gates = [gate(), gate(), gate()];
    let started = 0;
    const job = new PeriodicJob(
      'test job',
      () => gates[started++]?.opened ?? Promise.resolve(),
      console,
      3_600_000,
    );
    job.start();
    expect(started).toBe(1);
    job.wake();
    job.wake();
    expect(started).toBe(1);
    gates[0]?.open();
    await tick();
    await tick();
    // The two wakes during the first pass asked for one more pass, not two.
    expect(started).toBe(2);
    gates[1]?.open();
    await tick();
    await tick();
    expect(started).toBe(2);
    await job.stop();
  });

  it('logs a failed pass under its name and keeps running the next ones', async () => {
    const logged: string[] = [];
    let passes = 0;
    const job = new PeriodicJob(
      'flaky job',
      async () => {
        passes++;
        if (passes === 1) throw new Error('boom');
      },
      { error: (_details, message) => logged.push(message) },
      3_600_000,
    );
    job.start();
    await tick();
    expect(logged).toEqual(['flaky job failed']);
    job.wake();
    await tick();
    expect(passes).toBe(2);
    expect(logged).toHaveLength(1);
    await job.stop();
  });

  it('stop waits for the pass under way and runs no more after it', async () => {
    const g = gate();
    let finished = false;
    let passes = 0;
    const job = new PeriodicJob(
      'slow job',
      async () => {
        passes++;
        await g.opened;
        finished = true;
      },
      console,
      3_600_000,
    );
    job.start();
    job.wake();
    const stopped = job.stop();
    g.open();
    await stopped;
    expect(finished).toBe(true);
    await tick();
    // The wake during the pass came before stop: stopping cancels it.
    expect(passes).toBe(1);
  });

  it('wakes on the in-process signal, and unsubscribes when stopped', async () => {
    let listener: (() => void) | null = null;
    let passes = 0;
    const job = new PeriodicJob(
      'signalled job',
      async () => {
        passes++;
      },
      console,
      3_600_000,
      (l) => {
        listener = l;
        return () => {
          listener = null;
        };
      },
    );
    job.start();
    await tick();
    expect(passes).toBe(1);
    (listener as (() => void) | null)?.();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(passes).toBe(2);
    await job.stop();
    expect(listener).toBeNull();
  });
});

describe('retry delays of the email and seal queues', () => {
  it('doubles from 30 s, capped at 1 h, and gives up after the last attempt', () => {
    expect([1, 2, 3, 10].map(backoffSeconds)).toEqual([30, 60, 120, 3600]);
    expect(retryAt(2, 5, 0)?.getTime()).toBe(60_000);
    expect(retryAt(5, 5, 0)).toBeNull();
  });
});
