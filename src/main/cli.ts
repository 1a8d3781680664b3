#!/usr/bin/env node
/** The `ticket-counter` command: a thin adapter over the same services the HTTP listener uses. */
import { parseArgs } from 'node:util';
import { resolveDataDir } from './paths.js';
import { createServices } from './services.js';
import {
  apikeyCommand,
  backupCommand,
  demoCommand,
  importCommand,
  remoteCommand,
  restoreCommand,
  SETTING_FLAGS,
  settingsCommand,
  syncCommand,
  gateListCommand,
  userCommand,
} from './cli/commands.js';
import { reportCommand, sessionCommand } from './cli/cash-commands.js';
import { syncTuning } from './cli/sync-tuning.js';
import { USAGE, UsageError } from './cli/usage.js';
import { AppError } from './domain/errors.js';
import { ListenHost } from '#shared/schemas/settings.js';

const OPTIONS = {
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  demo: { type: 'boolean' },
  file: { type: 'string' },
  owner: { type: 'string' },
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  event: { type: 'string' },
  permission: { type: 'string' },
  'expires-at': { type: 'string' },
  gate: { type: 'string' },
  id: { type: 'string' },
  out: { type: 'string' },
  'base-url': { type: 'string' },
  count: { type: 'string' },
  kind: { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  approver: { type: 'string' },
  format: { type: 'string' },
  layout: { type: 'string' },
  issue: { type: 'boolean' },
  'x-report': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...Object.fromEntries(SETTING_FLAGS.map(([, flag]) => [flag, { type: 'string' as const }])),
} as const;

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, action] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    if (!command && !values.help) process.exitCode = 2;
    return;
  }
  const dataDir = resolveDataDir(values['data-dir'], { demo: command === 'serve' && values.demo === true });

  if (command === 'serve') {
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError('--port must be 0-65535');
    if (values.host !== undefined && !ListenHost.safeParse(values.host).success) throw new UsageError('--host must be an IP address or a host name');
    const { serve } = await import('./cli/serve.js');
    return serve({ dataDir, host: values.host, port, demo: values.demo ?? false });
  }
  // Restore replaces the database file: nothing may have it open, this command included.
  if (command === 'restore') return restoreCommand(dataDir, values);
  const known = ['import', 'user', 'apikey', 'settings', 'remote', 'sync', 'gate-list', 'demo', 'backup', 'session', 'report'];
  if (!known.includes(command)) throw new UsageError(`unknown command: ${command}`);

  const services = createServices({ dataDir, sync: syncTuning() });
  try {
    if (command === 'import') importCommand(services, values);
    else if (command === 'user') await userCommand(services, action, values);
    else if (command === 'apikey') apikeyCommand(services, action, values);
    else if (command === 'settings') settingsCommand(services, action, values);
    else if (command === 'remote') await remoteCommand(services, action, values);
    else if (command === 'sync') await syncCommand(services, action);
    else if (command === 'gate-list') await gateListCommand(services, action);
    else if (command === 'demo') demoCommand(services);
    else if (command === 'session') await sessionCommand(services, action, values);
    else if (command === 'report') reportCommand(services, values);
    else await backupCommand(services, values);
  } finally {
    services.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const message = error instanceof AppError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
});
