export * from './common.js';
export * from './event.js';
export * from './ticket.js';
export * from './registration.js';
export * from './order.js';
export * from './auth.js';
