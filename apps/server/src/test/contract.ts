import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Every answer of every API test is checked against the published OpenAPI document (issue 35,
 * docs/integrations.md#the-contract): `buildTestApp` hands `contractHook` to the app as an `onSend` hook, each
 * answer to a route the document describes is checked (its status must be declared; a JSON body must be valid
 * against the schema declared for that status), and what does not match is kept here until the test ends, when
 * apps/server/src/test/setup.ts fails the test that made the request.
 */

type Json = Record<string, unknown>;
type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, Json> }>> };

/** The contract violations seen since the last test ended. */
const violations: string[] = [];

/** Takes (and forgets) what was seen: the test harness fails the test with it. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/**
 * One checker per document: the document is added to ajv once (its components resolve from it) and each
 * (operation, status) is compiled on first use, then reused for every later answer.
 */
export function contractChecker(doc: OpenApi) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi');
  const compiled = new Map<string, ValidateFunction | null>();

  /** The validator for a JSON answer of this status, or a sentence saying why there is none. */
  function validatorFor(method: string, template: string, status: number): ValidateFunction | string {
    const key = `${method} ${template} ${status}`;
    const known = compiled.get(key);
    if (known) return known;
    const responses = doc.paths[template]?.[method]?.responses ?? {};
    const declared = [String(status), `${String(status)[0]}XX`, 'default'].find((code) => responses[code]);
    if (!declared) return `${status} is not declared (declared: ${Object.keys(responses).join(', ')})`;
    const content = (responses[declared] as { content?: Record<string, { schema?: object }> }).content;
    if (!content?.['application/json']?.schema) return `${status} declares no JSON body`;
    const pointer = [
      'paths',
      template,
      method,
      'responses',
      declared,
      'content',
      'application/json',
      'schema',
    ]
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const validate = ajv.compile({ $ref: `openapi#/${pointer}` });
    compiled.set(key, validate);
    return validate;
  }

  /** What is wrong with one answer, or null. */
  function check(
    method: string,
    url: string,
    status: number,
    contentType: string,
    body: string | null,
  ): string | null {
    const template = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op = method.toLowerCase();
    if (!doc.paths[template]?.[op]) return null;
    const json = /^application\/([a-z.+-]*\+)?json\b/.test(contentType);
    const responses = doc.paths[template]?.[op]?.responses ?? {};
    if (!json) return declaredIn(responses, status);
    // No body (Fastify sends none with a 204 or 304, whatever the handler returned): only the status is checked.
    if (!body || status === 204 || status === 304) return declaredIn(responses, status);
    const validate = validatorFor(op, template, status);
    if (typeof validate === 'string') return validate;
    let data: unknown;
    try {
      data = JSON.parse(body ?? '');
    } catch {
      return `${status}: the body is not JSON`;
    }
    if (validate(data)) return null;
    return `${status}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`;
  }

  return { check };
}

function declaredIn(responses: Record<string, Json>, status: number): string | null {
  const declared = [String(status), `${String(status)[0]}XX`, 'default'].some((code) => responses[code]);
  return declared ? null : `${status} is not declared (declared: ${Object.keys(responses).join(', ')})`;
}

/*
 * The checkers of the documents seen in this worker, by the document's text. The server project runs without
 * per-file isolation (docs/architecture.md#tests): this module is evaluated once per worker, so the many apps
 * the files build (each serving the same document) share one checker and its compiled validators instead of
 * each compiling them again. Keyed by the text, not the object: an app whose document differs gets its own.
 */
const checkers = new Map<string, ReturnType<typeof contractChecker>>();

function sharedChecker(doc: OpenApi): ReturnType<typeof contractChecker> {
  const text = JSON.stringify(doc);
  let checker = checkers.get(text);
  if (!checker) {
    // A fresh copy: the checker keeps the document; the app's own object stays the app's.
    checker = contractChecker(JSON.parse(text) as OpenApi);
    checkers.set(text, checker);
  }
  return checker;
}

/** The `onSend` hook that records every answer the document does not describe (`buildTestApp`). */
export function contractHook(getDoc: () => OpenApi) {
  let checker: ReturnType<typeof contractChecker> | undefined;
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    checker ??= sharedChecker(getDoc());
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const problem = checker.check(
      request.method,
      url,
      reply.statusCode,
      String(reply.getHeader('content-type') ?? ''),
      body,
    );
    if (problem) {
      violations.push(`${request.method} ${url} → ${problem}\n    body: ${(body ?? '').slice(0, 300)}`);
    }
    return payload;
  };
}
