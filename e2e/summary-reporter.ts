import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';
import { TIMEOUT_SCALE } from './timing.ts';

/**
 * Closes every browser-test run with what a contributor and CI's log both need (issue 32;
 * docs/architecture.md#tests): the time each spec file took (all attempts, summed over the workers), the
 * machine's settings, and every test that passed only on its retry, named as FLAKY so a retry never hides a
 * failure. The same figures go to `test-results/e2e-summary.json` to compare one run with another.
 */
export default class SummaryReporter implements Reporter {
  private readonly perSpec = new Map<string, { ms: number; tests: number }>();
  private readonly flaky: string[] = [];
  private workers = 0;
  private rootDir = process.cwd();

  onBegin(config: FullConfig, _suite: Suite): void {
    this.workers = config.workers;
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(this.rootDir, test.location.file);
    const entry = this.perSpec.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    if (result.retry === 0) entry.tests += 1;
    this.perSpec.set(file, entry);
    if (result.status === 'passed' && test.outcome() === 'flaky') {
      const project = test.parent.project()?.name ?? '';
      this.flaky.push(
        `[${project}] ${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`,
      );
    }
  }

  onEnd(result: FullResult): void {
    // `--list` and a run that ran nothing have nothing to sum.
    if (this.perSpec.size === 0) return;
    const specs = [...this.perSpec.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const total = specs.reduce((sum, [, s]) => sum + s.ms, 0);
    const lines = specs.map(
      ([file, s]) =>
        `  ${(s.ms / 1000).toFixed(1).padStart(7)} s  ${String(s.tests).padStart(3)} tests  ${file}`,
    );
    console.log(
      [
        '',
        `Browser tests by spec (${this.workers} worker(s), timeout scale ${TIMEOUT_SCALE}; ` +
          `test time ${(total / 1000).toFixed(0)} s, wall ${(result.duration / 1000).toFixed(0)} s):`,
        ...lines,
        this.flaky.length === 0
          ? 'No test needed a retry.'
          : `FLAKY: ${this.flaky.length} test(s) passed only on their retry — to be fixed:\n${this.flaky.map((f) => `  FLAKY ${f}`).join('\n')}`,
      ].join('\n'),
    );
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/e2e-summary.json',
      `${JSON.stringify(
        {
          status: result.status,
          wallMs: Math.round(result.duration),
          workers: this.workers,
          specs: Object.fromEntries(
            specs.map(([file, s]) => [file, { ms: Math.round(s.ms), tests: s.tests }]),
          ),
          flaky: this.flaky,
        },
        null,
        2,
      )}\n`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
