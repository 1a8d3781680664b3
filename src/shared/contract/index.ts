/**
 * Every endpoint of the service, by the name that is its OpenAPI operationId. Adapters and
 * callers import from here; a new endpoint is added here first.
 */
import * as cash from './cash.js';
import * as checkIns from './check-ins.js';
import * as counter from './counter.js';
import * as customerDisplay from './customer-display.js';
import * as events from './events.js';
import * as gateApp from './gate-app.js';
import * as orders from './orders.js';
import * as printing from './printing.js';
import * as reports from './reports.js';
import * as service from './service.js';
import * as sync from './sync.js';
import * as tickets from './tickets.js';
import * as transactions from './transactions.js';

export const contract = { ...service, ...events, ...orders, ...tickets, ...checkIns, ...sync, ...counter, ...cash, ...reports, ...transactions, ...printing, ...customerDisplay, ...gateApp };
export type Contract = typeof contract;
export type OperationId = keyof Contract;
export * from './endpoint.js';
