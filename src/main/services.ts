/**
 * The composition root: builds every domain service once over one database, for the HTTP
 * listener, the CLI and (later) the sync engine alike. Nothing here knows about HTTP or Electron.
 */
import { openDatabase } from './db/connection.js';
import { createAccess } from './domain/access.js';
import { createApiKeyService } from './domain/apikeys.js';
import { systemClock, type Clock } from './domain/clock.js';
import { createEventService } from './domain/events.js';
import { createGrantService } from './domain/grants.js';
import { createIdempotencyStore } from './domain/idempotency.js';
import { createImporter } from './domain/importer.js';
import { createOrderService, type Links } from './domain/orders.js';
import { createTicketService } from './domain/tickets.js';
import { createTokenService } from './domain/tokens.js';
import { createUserService } from './domain/users.js';

export interface ServiceOptions {
  dataDir: string;
  clock?: Clock;
  /** The address peripherals and the UI reach this service at; QR links point there. */
  publicBaseUrl?: string;
}

export function createServices(options: ServiceOptions) {
  const clock = options.clock ?? systemClock;
  const database = openDatabase(options.dataDir);
  const { db } = database;
  let publicBaseUrl = options.publicBaseUrl ?? 'http://127.0.0.1:8787';
  const links: Links = {
    participantQr: (participant) => `${publicBaseUrl}/participants/${participant.id}/qr`,
  };

  const access = createAccess(db);
  const users = createUserService(db, clock);
  const events = createEventService(db, access, clock);
  return {
    clock,
    database,
    users,
    access,
    events,
    grants: createGrantService(db, clock),
    apiKeys: createApiKeyService(db, clock),
    tokens: createTokenService(db, users, clock),
    tickets: createTicketService(db, events),
    orders: createOrderService(db, events, links, clock),
    idempotency: createIdempotencyStore(db, clock),
    importer: createImporter(db, clock),
    /** Set once the listener knows the port it got. */
    setPublicBaseUrl(url: string) {
      publicBaseUrl = url;
    },
    close: () => database.close(),
  };
}
export type Services = ReturnType<typeof createServices>;
