/** Assertions on our two envelopes: success {message, requestId, data[, meta]} and the error one. */
import { expect } from 'vitest';
import type { Reply } from './http.js';
import { PAGE_META, ULID, shapeErrors } from './shapes.js';

/** What a stack trace or an internal path looks like in a response body. */
const LEAK = /\n\s+at |node_modules|\/src\/main\/|\.ts:\d+/;

function expectCommon(reply: Reply): void {
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof reply.body?.message).toBe('string');
  expect(reply.body.message.length).toBeGreaterThan(0);
  expect(reply.body.requestId).toMatch(ULID);
  expect(reply.headers['x-request-id']).toBe(reply.body.requestId);
  expect(reply.raw).not.toMatch(LEAK);
}

/** Checks the error envelope and returns its `error` part. */
export function expectError(reply: Reply, status: number, code: string): { code: string; details?: { field: string; message: string }[] } {
  expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({ status, code });
  expectCommon(reply);
  expect(Object.keys(reply.body).sort()).toEqual(['error', 'message', 'requestId']);
  const { error } = reply.body;
  expect(Object.keys(error).filter((k) => k !== 'details')).toEqual(['code']);
  if (error.details !== undefined) {
    expect(Array.isArray(error.details)).toBe(true);
    for (const detail of error.details) expect(shapeErrors(detail, { field: 'string', message: 'string' })).toEqual([]);
  }
  return error;
}

/** The fields named in a VALIDATION_FAILED error's details. */
export function expectValidation(reply: Reply, ...fields: string[]): void {
  const error = expectError(reply, 400, 'VALIDATION_FAILED');
  const named = (error.details ?? []).map((d) => d.field);
  for (const field of fields) expect(named).toContain(field);
}

// Callers read data fields they then check with the shape tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectOk(reply: Reply, status = 200): any {
  expect({ status: reply.status, error: reply.body?.error }).toEqual({ status, error: undefined });
  expectCommon(reply);
  expect(Object.keys(reply.body).sort()).toEqual(['data', 'message', 'requestId']);
  return reply.body.data;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectList(reply: Reply): { data: any[]; meta: { page: number; limit: number; total: number; totalPages: number } } {
  expect({ status: reply.status, error: reply.body?.error }).toEqual({ status: 200, error: undefined });
  expectCommon(reply);
  expect(Object.keys(reply.body).sort()).toEqual(['data', 'message', 'meta', 'requestId']);
  expect(Array.isArray(reply.body.data)).toBe(true);
  expect(shapeErrors(reply.body.meta, PAGE_META)).toEqual([]);
  return { data: reply.body.data, meta: reply.body.meta };
}

/** Either envelope, whatever the request was: what the property tests demand of every reply. */
export function envelopeErrors(reply: Reply): string[] {
  const errors: string[] = [];
  const body = reply.body;
  if (reply.status >= 500) errors.push(`status ${reply.status}`);
  if (!body || typeof body !== 'object') return [...errors, `not JSON: ${reply.raw.slice(0, 200)}`];
  if (typeof body.message !== 'string' || !body.message) errors.push('message missing');
  if (typeof body.requestId !== 'string' || !ULID.test(body.requestId)) errors.push('requestId missing');
  if (reply.headers['x-request-id'] !== body.requestId) errors.push('x-request-id differs from requestId');
  if (LEAK.test(reply.raw)) errors.push('leaks internals');
  const keys = Object.keys(body).sort().join(',');
  if (reply.status < 400) {
    if (keys !== 'data,message,requestId' && keys !== 'data,message,meta,requestId') errors.push(`success keys ${keys}`);
  } else if (keys !== 'error,message,requestId' || typeof body.error?.code !== 'string') {
    errors.push(`error keys ${keys}`);
  }
  return errors;
}
