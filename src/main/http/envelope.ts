import type { FastifyRequest } from 'fastify';
import type { PageMeta } from '#shared/schemas/common.js';

export function ok<T>(request: FastifyRequest, message: string, data: T) {
  return { message, requestId: request.id, data };
}

export function okList<T>(request: FastifyRequest, message: string, page: { data: T[]; meta: PageMeta }) {
  return { message, requestId: request.id, data: page.data, meta: page.meta };
}
