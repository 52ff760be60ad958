import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { apiDocument, METHODS } from './support';

type Operation = { operationId?: string; summary?: string; tags?: string[]; security?: unknown[]; responses: Record<string, unknown> };
const operations = Object.entries(apiDocument.paths ?? {}).flatMap(([path, item]) =>
  METHODS.flatMap((m) => (item?.[m] ? [{ path, method: m, op: item[m] as Operation }] : [])),
);

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(apiDocument as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(apiDocument.openapi).toBe('3.1.0');
  });

  it('names, sums up and files every operation, each under its own operationId', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      expect(op.responses['2XX'] ?? Object.keys(op.responses).find((s) => s.startsWith('2')), `${method} ${path}`).toBeTruthy();
    }
  });

  it('every operator call needs the session cookie and says it may answer 401 and 403; no public call does', () => {
    const operator = ({ path }: { path: string }) => /^\/api\/(admin|tags)\//.test(path);
    for (const { path, method, op } of operations.filter(operator)) {
      expect(op.security, `${method} ${path}`).toEqual([{ operatorSession: [] }]);
      expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
    }
    for (const { path, method, op } of operations.filter((o) => !operator(o) && o.path !== '/api/newsletter/events'))
      expect(op.security, `${method} ${path}`).toBeUndefined();
    expect(apiDocument.components?.securitySchemes?.operatorSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'nb_session' });
  });

  it('describes every error once, as the envelope', () => {
    const responses = apiDocument.components?.responses ?? {};
    expect(Object.keys(responses).length).toBeGreaterThanOrEqual(9);
    for (const response of Object.values(responses))
      expect((response as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema).toEqual({
        $ref: '#/components/schemas/ErrorEnvelope',
      });
  });
});
