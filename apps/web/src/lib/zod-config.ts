import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` unless told not to; under the app's strict
 * Content-Security-Policy (no 'unsafe-eval') even its feature probe is reported as a violation. Every browser
 * entry imports this module first, before any schema is built.
 */
z.config({ jitless: true });
