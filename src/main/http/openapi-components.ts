/**
 * The shapes the OpenAPI document names once, under components.schemas, and refers to from every
 * route. Inlined, the error envelope alone (twelve statuses on most routes) made up much of a very
 * large document, and Swagger UI was slow to show /docs' first endpoint.
 */
import { z } from 'zod';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { contract, type EndpointBase, type OperationId } from '#shared/contract/index.js';
import { ApiKeyInfo } from '#shared/schemas/apikey.js';
import { AuditEntry } from '#shared/schemas/audit.js';
import { User } from '#shared/schemas/auth.js';
import { CashReport, CashSession, Refund } from '#shared/schemas/cash-session.js';
import { GateParticipant } from '#shared/schemas/check-in.js';
import { ErrorEnvelope } from '#shared/schemas/common.js';
import { OrderDetail, OrderItem, OrderListItem, Participant } from '#shared/schemas/order.js';
import { Payment } from '#shared/schemas/payment.js';
import { PrintJob } from '#shared/schemas/printing.js';
import { SyncStatus } from '#shared/schemas/sync.js';
import { Transaction } from '#shared/schemas/transaction.js';

/** Each named as the shared schema is: a component's name is the type a client generator makes of it. */
const COMPONENTS = {
  ApiKeyInfo,
  AuditEntry,
  CashReport,
  CashSession,
  ErrorEnvelope,
  GateParticipant,
  OrderDetail,
  OrderItem,
  OrderListItem,
  Participant,
  Payment,
  PrintJob,
  Refund,
  SyncStatus,
  Transaction,
  User,
};

/**
 * The transforms @fastify/swagger runs over the routes and the whole document, once the shapes
 * above are in zod's global registry: the registry that also holds their descriptions, which the
 * document keeps.
 */
export function openApiTransforms() {
  // Adding again (every app a test builds) only sets the same id once more.
  for (const [id, schema] of Object.entries(COMPONENTS)) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  const withComponents = createJsonSchemaTransformObject({});
  return {
    transform: createJsonSchemaTransform({}),
    transformObject: (input: Parameters<typeof withComponents>[0]) => bodiesAsTheyAre(usedComponentsOnly(withComponents(input))),
  };
}

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The document's components as Swagger UI can follow them: only those something refers to (each
 * shape is made twice, as a request reads it and as an answer writes it, "…Input", and most are
 * only ever answers), each without the `$schema` and `$id` zod gives a schema of its own. Swagger
 * UI read that `$id` ("#/components/schemas/…") as a new base for the references inside, and
 * showed every referring answer as a bare "string".
 */
function usedComponentsOnly<T extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } }>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Map<string, unknown>();
  const follow = (part: unknown) => {
    for (const [, id] of JSON.stringify(part).matchAll(REF)) {
      if (used.has(id!)) continue;
      const { $schema: _schema, $id: _id, ...schema } = schemas[id!] as Record<string, unknown>;
      used.set(id!, schema);
      follow(schema);
    }
  };
  follow(document.paths);
  return { ...document, components: { ...document.components, schemas: Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b))) } };
}

type Operation = { operationId?: string; requestBody?: { required?: boolean; content?: unknown } };
const WRITES = ['post', 'put', 'patch', 'delete'];

/**
 * Request bodies as the service takes them: a body its schema lets go missing (confirm, reject,
 * cancel) is not required; a write without a body schema parses any JSON and reads none of it,
 * which the document says rather than leave the body undeclared.
 */
function bodiesAsTheyAre<T extends { paths?: unknown }>(document: T): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!WRITES.includes(method)) continue;
      const endpoint: EndpointBase | undefined = operation.operationId ? contract[operation.operationId as OperationId] : undefined;
      if (operation.requestBody) operation.requestBody.required = !endpoint?.body?.safeParse(undefined).success;
      else operation.requestBody = { required: false, content: { 'application/json': { schema: { description: 'Not read: this operation takes no body, and any JSON one is accepted and ignored.' } } } };
    }
  }
  return document;
}
