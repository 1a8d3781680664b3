/**
 * The composition root: builds every domain service once over one database, for the HTTP
 * listener, the CLI and the sync engine alike. Nothing here knows about HTTP or Electron.
 */
import { createGateJournal } from './app/gate-journal.js';
import { createGatePairings } from './domain/gate-pairings.js';
import { createGateSnapshot } from './domain/gate-snapshot.js';
import { databaseFile, openDatabase } from './db/connection.js';
import { createGroupCommit } from './db/group-commit.js';
import { createAccess } from './domain/access.js';
import { createApiKeyService } from './domain/apikeys.js';
import { createAuditLog } from './domain/audit.js';
import { createApprovals } from './domain/approvals.js';
import { createAuthAttempts } from './domain/auth-attempts.js';
import { createOrderList } from './domain/order-list.js';
import { createTransactions } from './domain/transactions.js';
import { createCashSessions } from './domain/cash-sessions.js';
import { createCheckInService } from './domain/check-ins.js';
import { createCustomerDisplays } from './domain/customer-displays.js';
import { createMirroredTickets } from './domain/mirrored-tickets.js';
import { createScanLog } from './domain/scans.js';
import { systemClock, type Clock } from './domain/clock.js';
import { createEventService } from './domain/events.js';
import { createExpiry } from './domain/expiry.js';
import { createSearchIndex } from './domain/search-index.js';
import { createGrantService } from './domain/grants.js';
import { createIdempotencyStore } from './domain/idempotency.js';
import { createInvoices } from './domain/invoices.js';
import { newId } from './domain/ids.js';
import { createImporter } from './domain/importer.js';
import { createOrderTransitions } from './domain/order-transitions.js';
import { createOrderViews, linksAt } from './domain/order-views.js';
import { createOrderService } from './domain/orders.js';
import { createSeats } from './domain/seats.js';
import { createSettingsChanges } from './domain/settings-changes.js';
import { createTicketKeys } from './domain/ticket-keys.js';
import { createTicketSigner } from './domain/ticket-signing.js';
import { createTicketService } from './domain/tickets.js';
import { createTokenService } from './domain/tokens.js';
import { createUserService } from './domain/users.js';
import { createGate } from './app/gate.js';
import { createRefunding } from './app/refunding.js';
import { createSelling } from './app/selling.js';
import { createSetup } from './app/setup.js';
import { createBackgroundProblems } from './app/background.js';
import { createBackups } from './backup/backups.js';
import { refuseLostDatabase } from './backup/lost-database.js';
import { createInvoiceService } from './invoice/service.js';
import { createReadThread } from './read-thread/read-thread.js';
import { createPrinting } from './app/printing.js';
import { createCustomerDisplay } from './app/customer-display.js';
import { encodeDrawerKick } from './printing/escpos.js';
import { createPrintQueue } from './printing/print-queue.js';
import { sendToPrinter } from './printing/printer-connection.js';
import { createAllotment } from './sync/allotment.js';
import { createConflicts } from './sync/conflicts.js';
import { createSyncEngine, type EngineOptions } from './sync/engine.js';
import { createOutbox } from './sync/outbox.js';
import { createSyncSignals, type SyncSignals } from './sync/signals.js';
import { createRemoteStore } from './settings/remote.js';
import { sealingKeyFromEnv } from './settings/seal.js';
import { createStartupFile } from './settings/startup.js';
import { createSettingsStore } from './settings/store.js';

export interface ServiceOptions {
  dataDir: string;
  /** Timeouts and pacing of the sync engine (tests shorten them). */
  sync?: EngineOptions;
  clock?: Clock;
  /** The address peripherals and the UI reach this service at; QR links point there. */
  publicBaseUrl?: string;
  /** The data key that seals the remote API key at rest (settings/seal.ts); default: from the shell's env. */
  sealingKey?: Buffer;
  /**
   * scrypt's work factor for the passwords this process sets (domain/secrets.ts). The counter always
   * uses the default; tests that make hundreds of users pass a smaller one. A hash names its own
   * factor, so any process checks it.
   */
  passwordWork?: number;
}

function createCoreServices(options: ServiceOptions, syncSignals: SyncSignals) {
  const clock = options.clock ?? systemClock;
  refuseLostDatabase(options.dataDir);
  const database = openDatabase(options.dataDir);
  const { db } = database;
  let publicBaseUrl = options.publicBaseUrl ?? 'http://127.0.0.1:8787';
  const links = linksAt(() => publicBaseUrl);

  const startup = createStartupFile(options.dataDir);
  const settings = createSettingsStore(database, options.dataDir, startup);
  const access = createAccess(db);
  // Every admin change writes its entry here, in the change's own transaction (domain/audit.ts).
  const audit = createAuditLog(db, clock);
  const users = createUserService(db, clock, audit, options.passwordWork);
  const events = createEventService(db, access, clock);
  // The sync engine, built later over these two, hears of new outbox jobs and says whether the remote is reachable.
  const outbox = createOutbox(db, clock, syncSignals.outboxHasWork);
  const allotment = createAllotment(db, outbox, syncSignals.remoteOffline);
  const journal = outbox.journal;
  const seats = createSeats(db);
  const expiry = createExpiry(db, clock, seats, journal, audit, () => settings.get().holdWindowMinutes * 60_000);
  const views = createOrderViews(db, links, access);
  // One group commit for every write of orders and tickets: one connection has one transaction.
  const groupCommit = createGroupCommit(db);
  const authAttempts = createAuthAttempts(clock);
  const approvals = createApprovals(users, access, authAttempts);
  const cashSessions = createCashSessions({ db, clock, access, audit, settings, approvals });
  const invoices = createInvoices(db, () => settings.get().counterName);
  const orderDeps = { db, clock, events, views, seats, expiry, groupCommit, journal, gate: allotment.gate, audit, drawer: cashSessions, approvals, invoices };
  const orderService = createOrderService(orderDeps);
  const transitions = createOrderTransitions(orderDeps);
  const signer = createTicketSigner(db);
  const transactions = createTransactions({ ...orderDeps, orders: orderService, transitions, signer });
  const ticketKeys = createTicketKeys(db, clock, signer, access, audit);
  const scanLog = createScanLog(db);
  // The long reads (read-thread/reads.ts), which would hold every sale behind them on this thread.
  const reads = createReadThread(databaseFile(options.dataDir), { publicBaseUrl: () => publicBaseUrl, beforeRead: expiry.expireBeforeRead });
  return {
    clock,
    database,
    settings,
    settingsChanges: createSettingsChanges(settings, audit),
    audit,
    remote: createRemoteStore(db, options.dataDir, startup, options.sealingKey ?? sealingKeyFromEnv()),
    users,
    access,
    events,
    expiry,
    outbox,
    allotment,
    grants: createGrantService(db, clock, audit),
    authAttempts,
    cashSessions,
    approvals,
    reads,
    apiKeys: createApiKeyService(db, clock, audit),
    tokens: createTokenService(db, users, clock),
    tickets: createTicketService(db, events, expiry),
    orders: orderService,
    orderList: createOrderList({ ...orderDeps, access }),
    searchIndex: createSearchIndex(db, groupCommit),
    background: createBackgroundProblems(clock),
    transitions,
    transactions,
    backups: createBackups(database, options.dataDir, clock, () => settings.get().backupsKept),
    invoices: createInvoiceService({ events, views, expiry, signer, settings, invoices, groupCommit, transactions }),
    ticketKeys,
    scanLog,
    checkIns: createCheckInService({ db, clock, events, groupCommit, journal, ticketKeys, audit, mirrored: createMirroredTickets(db), scanLog, access }),
    idempotency: createIdempotencyStore(db, clock),
    importer: createImporter(db, clock),
    /** Set once the listener knows the port it got. */
    setPublicBaseUrl(url: string) {
      publicBaseUrl = url;
    },
    close: () => {
      reads.close();
      database.close();
    },
  };
}
export type CoreServices = ReturnType<typeof createCoreServices>;

/**
 * The services, the sync engine built over them (it is a client of the same domain), and the use
 * cases that need both: selling with the seat held at the remote, the gate checking in there first,
 * and the first run's setup connecting to a remote.
 */
export function createServices(options: ServiceOptions) {
  const syncSignals = createSyncSignals();
  const core = createCoreServices(options, syncSignals);
  const sync = createSyncEngine(
    {
      db: core.database.db,
      clock: core.clock,
      outbox: core.outbox,
      allotment: core.allotment,
      remote: core.remote,
      audit: core.audit,
      users: core.users,
      importer: core.importer,
      ticketKeys: core.ticketKeys,
      allotmentPercent: () => core.settings.get().offlineAllotmentPercent,
      signals: syncSignals,
    },
    options.sync,
  );
  const selling = createSelling({ orders: core.orders, transactions: core.transactions, transitions: core.transitions, outbox: core.outbox, allotment: core.allotment, holdSale: sync.holdSale });
  const gate = createGate({
    clock: core.clock,
    events: core.events,
    access: core.access,
    gateListStatus: sync.gateListStatus,
    pullGateList: sync.pullGateList,
    checkIns: core.checkIns,
    checkInAtRemote: sync.checkInAtRemote,
    lookupAtRemote: sync.lookupAtRemote,
    exitAtRemote: sync.exitAtRemote,
    newIdempotencyKey: () => `tc-gate-${newId(core.clock())}`,
  });
  const refunding = createRefunding({
    events: core.events,
    transitions: core.transitions,
    refundAtRemote: sync.refundAtRemote,
    newIdempotencyKey: () => `tc-refund-${newId(core.clock())}`,
  });
  const gateDevices = {
    pairings: createGatePairings({ db: core.database.db, clock: core.clock, events: core.events, access: core.access, apiKeys: core.apiKeys }),
    snapshot: createGateSnapshot({ db: core.database.db, clock: core.clock, events: core.events, ticketKeys: core.ticketKeys, scanLog: core.scanLog }),
    journal: createGateJournal({ db: core.database.db, clock: core.clock, events: core.events, audit: core.audit, idempotency: core.idempotency, checkIns: core.checkIns, gate }),
  };
  const setup = createSetup({ db: core.database.db, clock: core.clock, users: core.users, importer: core.importer, grants: core.grants, settings: core.settings, settingsChanges: core.settingsChanges, sync });
  const printQueue = createPrintQueue({ db: core.database.db, clock: core.clock, printerAddress: () => core.settings.get().printerAddress, send: sendToPrinter, drawerKick: encodeDrawerKick() });
  const printing = createPrinting({ ...core, queue: printQueue });
  const customerDisplay = createCustomerDisplay({ ...core, customerDisplays: createCustomerDisplays(core.database.db, core.clock) });
  const close = () => {
    void printQueue.stop();
    core.close();
  };
  return { ...core, sync, selling, gate, gateDevices, refunding, setup, printQueue, printing, customerDisplay, close, conflicts: createConflicts({ ...core, wake: sync.wake }) };
}
export type Services = ReturnType<typeof createServices>;
