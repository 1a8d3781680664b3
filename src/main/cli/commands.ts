import { readFileSync } from 'node:fs';
import { ImportFile } from '../../shared/schemas/import.js';
import { Permission, Role } from '../../shared/schemas/auth.js';
import { DEMO_LOGINS, seedDemo } from '../domain/demo.js';
import { AppError } from '../domain/errors.js';
import { toUserDto } from '../domain/users.js';
import { parseInstant } from '../domain/time.js';
import type { Services } from '../services.js';
import { UsageError, oneOf, required } from './usage.js';

type Values = Record<string, string | boolean | undefined>;

function userByEmail(services: Services, email: string) {
  const user = services.users.findByEmail(email);
  if (!user) throw new AppError('NOT_FOUND', `no user with e-mail ${email}`);
  return user;
}

function print(value: unknown): void {
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);
}

export function importCommand(services: Services, values: Values): void {
  const owner = userByEmail(services, required(values, 'owner'));
  const parsed = ImportFile.safeParse(JSON.parse(readFileSync(required(values, 'file'), 'utf8')));
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_FAILED', `invalid import file: ${JSON.stringify(details)}`);
  }
  print(services.importer.importEvents(parsed.data, owner));
}

export function userCommand(services: Services, action: string | undefined, values: Values): void {
  if (action === 'create') {
    const role = oneOf(required(values, 'role'), Role.exclude(['customer']).options, 'role');
    const user = services.users.create({
      email: required(values, 'email'),
      name: required(values, 'name'),
      role,
      password: required(values, 'password'),
    });
    return print(toUserDto(user));
  }
  if (action === 'grant') {
    const user = userByEmail(services, required(values, 'email'));
    const event = services.events.resolve(required(values, 'event'));
    const permission = oneOf(required(values, 'permission'), Permission.options, 'permission');
    services.grants.grant(user.id, event.id, permission);
    return print({ userId: user.id, eventId: event.id, permission });
  }
  throw new UsageError('user: expected create or grant');
}

export function apikeyCommand(services: Services, action: string | undefined, values: Values): void {
  const user = userByEmail(services, required(values, 'email'));
  if (action === 'create') {
    const expires = values['expires-at'];
    const expiresAt = typeof expires === 'string' ? parseInstant(expires) : undefined;
    // The key alone on stdout, so that scripts can capture it; it is never shown again.
    return print(services.apiKeys.create(user.id, required(values, 'name'), expiresAt).key);
  }
  if (action === 'list') return print(services.apiKeys.list(user.id));
  if (action === 'revoke') {
    services.apiKeys.revoke(user.id, required(values, 'id'));
    return print({ revoked: values.id });
  }
  throw new UsageError('apikey: expected create, list or revoke');
}

export function demoCommand(services: Services): void {
  seedDemo(services);
  const lines = DEMO_LOGINS.map((l) => `  ${l.role.padEnd(12)} ${l.email}  password: ${l.password}`);
  print(`Demo data ready: 3 events with ticket categories.\nLog in with:\n${lines.join('\n')}`);
}

export async function backupCommand(services: Services, values: Values): Promise<void> {
  const out = required(values, 'out');
  await services.database.sqlite.backup(out);
  print({ backup: out });
}
