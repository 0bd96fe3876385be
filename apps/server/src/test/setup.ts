import { afterAll, afterEach } from 'vitest';
import { takeContractViolations } from '@/test/contract.ts';

/*
 * Each server test file starts with this (apps/server/vitest.config.ts): a test whose requests got answers the
 * OpenAPI document does not describe fails (issue 35, apps/server/src/test/contract.ts); answers given outside a
 * test (in beforeAll) fail the file.
 */

function failOnViolations() {
  const seen = takeContractViolations();
  if (seen.length) {
    throw new Error(`Answers that the OpenAPI document does not describe:\n  ${seen.join('\n  ')}`);
  }
}

afterEach(failOnViolations);
afterAll(failOnViolations);
