import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { ImportFile } from '#shared/schemas/import.js';
import { ApprovalPin, OperatorAccount, Permission } from '#shared/schemas/auth.js';
import { supervisesCash } from '#shared/roles.js';
import { Settings, SettingsPatch } from '#shared/schemas/settings.js';
import { GateName } from '#shared/schemas/gate-device.js';
import type { GateScope } from '../domain/access.js';
import { restoreBackup } from '../backup/restore.js';
import { RemoteSettingsBody } from '#shared/schemas/sync.js';
import { seedDemo } from '../app/demo.js';
import { DEMO_LOGINS } from '../domain/demo.js';
import { AppError } from '../domain/errors.js';
import { OPERATOR_ROLES, toUserDto } from '../domain/users.js';
import { parseInstant } from '../domain/time.js';
import type { Services } from '../services.js';
import { cliActor } from './actor.js';
import { UsageError, oneOf, required } from './usage.js';

export type Values = Record<string, string | boolean | undefined>;

export function userByEmail(services: Services, email: string) {
  const user = services.users.findByEmail(email);
  if (!user) throw new AppError('NOT_FOUND', `no user with e-mail ${email}`);
  return user;
}

/** The value as the schema has it, or a VALIDATION_FAILED naming each field that is wrong and why, a line each. */
export function valid<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'value'}: ${i.message}`);
  throw new AppError('VALIDATION_FAILED', `${what}:\n${lines.join('\n')}`);
}

export function print(value: unknown): void {
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);
}

export function importCommand(services: Services, values: Values): void {
  const owner = userByEmail(services, required(values, 'owner'));
  const file = valid(ImportFile, JSON.parse(readFileSync(required(values, 'file'), 'utf8')), 'invalid import file');
  print(services.importer.importEvents(file, owner));
}

export async function userCommand(services: Services, action: string | undefined, values: Values): Promise<void> {
  if (action === 'create') {
    const role = oneOf(required(values, 'role'), OPERATOR_ROLES, 'role');
    const account = valid(OperatorAccount, { email: required(values, 'email'), name: required(values, 'name'), password: required(values, 'password') }, 'user create');
    const user = services.users.createBy(cliActor(), { ...account, role });
    return print(toUserDto(user));
  }
  if (action === 'grant') {
    const user = userByEmail(services, required(values, 'email'));
    const event = services.events.resolve(required(values, 'event'));
    const permission = oneOf(required(values, 'permission'), Permission.options, 'permission');
    services.grants.grantBy(cliActor(), user, event.id, permission);
    return print({ userId: user.id, eventId: event.id, permission });
  }
  if (action === 'password') {
    const user = userByEmail(services, required(values, 'email'));
    // From stdin, never argv (which other users of the machine can read).
    const { password } = valid(OperatorAccount.pick({ password: true }), { password: await readStdin() }, 'user password');
    await services.users.changePasswordBy(cliActor(), user, password);
    return print({ userId: user.id, passwordChanged: true });
  }
  if (action === 'pin') {
    const user = userByEmail(services, required(values, 'email'));
    if (!supervisesCash(user.role)) throw new UsageError(`${user.email} is no organizer or owner: only supervisors approve`);
    const pin = valid(ApprovalPin, await readStdin(), 'user pin');
    await services.users.setApprovalPinBy(cliActor(), user, pin);
    return print({ userId: user.id, approvalPinSet: true });
  }
  throw new UsageError('user: expected create, grant, password or pin');
}

/** --event and --gate: a gate device's key, for check-in on that event only (domain/gate-pairings.ts). */
function gateScopeOf(services: Services, user: ReturnType<typeof userByEmail>, values: Values): GateScope | undefined {
  if (values.event === undefined && values.gate === undefined) return undefined;
  const event = services.events.resolve(required(values, 'event'));
  const gate = valid(GateName, required(values, 'gate'), 'apikey create --gate');
  const holder = { userId: user.id, role: user.role, name: user.name, credential: 'api_key' } as const;
  if (!services.access.allows(holder, event, 'event:checkin')) throw new UsageError(`${user.email} may not check tickets in for ${event.slug}: grant event:checkin first`);
  return { eventId: event.id, gate };
}

export function apikeyCommand(services: Services, action: string | undefined, values: Values): void {
  const user = userByEmail(services, required(values, 'email'));
  if (action === 'create') {
    const expires = values['expires-at'];
    const expiresAt = typeof expires === 'string' ? parseInstant(expires) : undefined;
    const gate = gateScopeOf(services, user, values);
    // The key alone on stdout, so that scripts can capture it; it is never shown again.
    return print(services.apiKeys.createBy(cliActor(), user.id, required(values, 'name'), expiresAt, { allowPastExpiry: true, gate }).key);
  }
  if (action === 'list') return print(services.apiKeys.list(user.id));
  if (action === 'revoke') {
    services.apiKeys.revoke(cliActor(), user.id, required(values, 'id'));
    return print({ revoked: values.id });
  }
  throw new UsageError('apikey: expected create, list or revoke');
}

/** The command-line flag of each setting: holdWindowMinutes is --hold-window-minutes. */
export const SETTING_FLAGS = Object.keys(SettingsPatch.shape).map((key) => [key, key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] as const);

/** A flag's text as the setting's type: a number, yes or no, a comma-separated list, or the text itself. */
function settingValue(key: string, text: string): unknown {
  const example = Settings.parse({})[key as keyof Settings];
  if (typeof example === 'number') return Number(text);
  if (typeof example === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (Array.isArray(example)) return text === '' ? [] : text.split(',').map((item) => item.trim());
  return text;
}

/** `settings` prints them; `settings set` changes those given (a running serve sees it at once, except where it listens: at its next start). */
export function settingsCommand(services: Services, action: string | undefined, values: Values): void {
  if (action === undefined) return print(services.settings.get());
  if (action !== 'set') throw new UsageError('settings: expected no action or set');
  const given = SETTING_FLAGS.flatMap(([key, flag]) => (typeof values[flag] === 'string' ? [[key, settingValue(key, values[flag])]] : []));
  const patch = SettingsPatch.safeParse(Object.fromEntries(given));
  if (!patch.success) throw new UsageError(`settings set: ${patch.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return print(services.settingsChanges.change(cliActor(), patch.data));
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** `remote set` reads the key from stdin (never from argv, which other users can see). */
export async function remoteCommand(services: Services, action: string | undefined, values: Values): Promise<void> {
  if (action === 'show') return print(services.remote.summary());
  if (action === 'test') {
    const remote = services.remote.get();
    if (!remote) throw new AppError('NOT_FOUND', 'no remote is set: remote set --base-url URL (key on stdin)');
    const check = await services.sync.check(remote.baseUrl, remote.apiKey);
    print(check);
    if (check.result !== 'ok') process.exitCode = 1;
    return;
  }
  if (action !== 'set') throw new UsageError('remote: expected set, show or test');
  const parsed = RemoteSettingsBody.safeParse({
    baseUrl: required(values, 'base-url'),
    apiKey: await readStdin(),
    ownerEmail: values.owner,
  });
  if (!parsed.success) throw new UsageError(`remote set: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'key'}: ${i.message}`).join('; ')}`);
  const ownerEmail = parsed.data.ownerEmail ?? soleOwner(services);
  userByEmail(services, ownerEmail);
  print(services.sync.setRemoteBy(cliActor(), { ...parsed.data, ownerEmail }));
}

/** Without --owner, the counter's one owner (super_admin) owns the pulled events, else its one organizer. */
function soleOwner(services: Services): string {
  for (const role of ['super_admin', 'organizer'] as const) {
    const users = services.users.listByRole(role);
    if (users.length === 1) return users[0]!.email;
    if (users.length > 1) break;
  }
  throw new UsageError('remote set: --owner EMAIL is required (the local user who owns pulled events)');
}

/** `sync now`: one round, then the status; exit 1 unless the round got through. */
export async function syncCommand(services: Services, action: string | undefined): Promise<void> {
  if (action === 'status') return print(services.sync.status());
  if (action !== 'now') throw new UsageError('sync: expected now or status');
  const status = await services.sync.runOnce({ pull: true });
  print(status);
  // The status is on stdout either way; stderr says in one line why the round did not complete.
  const failure =
    status.remote === null ? 'no remote is set: remote set --base-url URL (key on stdin)' : status.state !== 'idle' ? `${status.state}: ${status.lastError ?? ''}` : null;
  if (failure) {
    process.stderr.write(`error: ${failure.trim()}\n`);
    process.exitCode = 1;
  }
}

/**
 * `gate-list pull`: the whole gate list read from the central service now (before doors open),
 * then how many tickets of which events are ready at the gates; exit 1 unless every event's read
 * got through. `gate-list status`: the same as JSON, without reading.
 */
export async function gateListCommand(services: Services, action: string | undefined): Promise<void> {
  if (action === 'status') return print(services.sync.gateListStatus());
  if (action !== 'pull') throw new UsageError('gate-list: expected pull or status');
  const status = await services.sync.pullGateList();
  if (!status.active) {
    process.stderr.write(`error: ${status.why ?? ''}\n`);
    process.exitCode = 1;
    return;
  }
  for (const event of status.events) {
    const fresh = event.lastError ? `not read: ${event.lastError}` : `read at ${event.lastFullAt}`;
    print(`${event.eventName} (${event.eventId}): ${event.ready} tickets ready at the gates, ${event.refused} refused (cancelled); ${fresh}`);
  }
  if (status.events.some((event) => event.lastError !== null)) process.exitCode = 1;
}

/** The demo logins as a person reads them, one per line. */
export const demoLoginLines = () =>
  DEMO_LOGINS.map((l) => `  ${l.role.padEnd(12)} ${l.email}  password: ${l.password}${'approvalPin' in l ? `  approval PIN: ${l.approvalPin}` : ''}`).join('\n');

export function demoCommand(services: Services): void {
  seedDemo(services, cliActor());
  print(`Demo data ready: 3 events with ticket categories.\nLog in with:\n${demoLoginLines()}`);
}

export async function backupCommand(services: Services, values: Values): Promise<void> {
  const out = required(values, 'out');
  // A serve may be selling on the same data dir meanwhile.
  print({ backup: await services.backups.backupTo(out, { besideWriter: true }) });
}

/** Replaces the data dir's database by a backup; serve must be stopped (backup/restore.ts). */
export async function restoreCommand(dataDir: string, values: Values): Promise<void> {
  print(await restoreBackup(dataDir, required(values, 'file')));
}
