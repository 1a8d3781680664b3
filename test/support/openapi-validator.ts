/**
 * Answers checked against the served OpenAPI document by openapi-backend (its router finds the
 * operation, its Ajv validator checks the body): the status must be one the operation declares,
 * the media type one that status declares, and a JSON body must match its schema. What a test
 * replays through it cannot drift from the document without failing.
 */
import { OpenAPIBackend } from 'openapi-backend';
import type { OpenAPIV3_1 } from 'openapi-types';

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

export type ResponseCheck = (method: string, url: string, answer: Answer) => string[];

export async function responseValidator(document: unknown): Promise<ResponseCheck> {
  // quick: its own check of the document is for OpenAPI 3.0; the 3.1 document is linted in openapi-lint.test.ts.
  const api = new OpenAPIBackend({ definition: document as OpenAPIV3_1.Document, quick: true, validate: true, ajvOpts: { strict: false } });
  await api.init();
  return (method, url, answer) => {
    const path = url.split('?')[0]!;
    const operation = api.matchOperation({ method, path, headers: {} });
    const what = `${method} ${path.slice(0, 120)} ${answer.status}`;
    if (!operation) return [`${what}: no operation of the document`];
    const declared = (operation.responses as Record<string, OpenAPIV3_1.ResponseObject> | undefined)?.[String(answer.status)];
    if (!declared) return [`${what}: status not declared by ${operation.operationId}`];
    const type = answer.contentType?.split(';')[0]?.trim();
    const types = Object.keys(declared.content ?? {});
    if (type && !types.includes(type)) return [`${what}: ${type} not declared (${types.join(', ') || 'no content'})`];
    if (type !== 'application/json') return [];
    const result = api.validator.validateResponse(answer.body, operation, answer.status);
    return result.valid ? [] : [`${what}: ${JSON.stringify(result.errors).slice(0, 400)}`];
  };
}
