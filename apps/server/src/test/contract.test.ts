import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { contractChecker, takeContractViolations } from '@/test/contract.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

/*
 * The check every API test's answers go through (issue 35, src/test/contract.ts) finds what it must: a field the
 * document does not have, a field it requires that is missing, a status it does not declare.
 */

const doc = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/things/{id}': {
      get: {
        responses: {
          200: {
            description: 'A thing',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          404: { description: 'Not found', content: { 'text/plain': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
        required: ['id', 'name'],
        additionalProperties: false,
      },
    },
  },
};
const id = '7c1d2f3e-0a1b-4c2d-8e3f-9a0b1c2d3e4f';

describe('the contract check', () => {
  const { check } = contractChecker(doc as never);
  const get = (status: number, body: unknown, type = 'application/json; charset=utf-8') =>
    check('GET', '/api/v1/things/:id', status, type, JSON.stringify(body));

  it('passes an answer the document describes', () => {
    expect(get(200, { id, name: 'Uma coisa' })).toBeNull();
  });

  it('reports a field the document does not have', () => {
    expect(get(200, { id, name: 'Uma coisa', colour: 'azul' })).toMatch(/additional properties/);
  });

  it('reports a required field that is missing, and a wrong format', () => {
    expect(get(200, { id })).toMatch(/must have required property 'name'/);
    expect(get(200, { id: 'not-an-id', name: 'x' })).toMatch(/must match format "uuid"/);
  });

  it('reports a status the operation does not declare, whatever the body', () => {
    expect(get(409, { error: {} })).toMatch(/409 is not declared/);
    expect(get(500, 'x', 'text/plain')).toMatch(/500 is not declared/);
    expect(check('GET', '/api/v1/things/:id', 204, 'application/json', '')).toMatch(/204 is not declared/);
  });

  it('skips bodies that are not JSON and routes the document does not describe', () => {
    expect(get(404, 'not found', 'text/plain')).toBeNull();
    expect(check('GET', '/p/:token', 200, 'text/html', '<html></html>')).toBeNull();
  });
});

describe('the check on a real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("checks every answer against the app's own document, and a wrong answer is reported", async () => {
    const team = await createTeamOfRoles(t.db);
    const res = await as(t.app, team.admin)('POST', '/clients', {
      name: 'Maria Silva',
      email: 'maria@exemplo.pt',
      company: 'Exemplo, Lda.',
    });
    expect(res.statusCode).toBe(201);
    expect(takeContractViolations()).toEqual([]);

    // The same answer with a field the document does not have.
    const { check } = contractChecker(t.app.swagger() as never);
    const answer = res.json() as { data: Record<string, unknown> };
    const wrong = JSON.stringify({ data: { ...answer.data, secretNotes: 'x' } });
    expect(check('POST', '/api/v1/clients', 201, 'application/json', wrong)).toMatch(/additional properties/);
    expect(check('POST', '/api/v1/clients', 201, 'application/json', res.body)).toBeNull();
  });
});
