/**
 * First run: a data dir without an operator (super_admin, organizer, staff) offers two ways in,
 * trying the counter with the demo, or connecting it to a service whose events it then sells.
 * Both are open to anyone who can reach them until the first operator exists, so each one checks
 * that it is still the first run at the moment it creates that operator. No one is logged in yet:
 * the audit log records what they create as the service's own doing ('system').
 */
import type { ConnectSetupBody, ConnectSetupResult, DemoSetupResult, SetupState } from '#shared/schemas/setup.js';
import type { ConnectionCheck } from '#shared/schemas/sync.js';
import { messages } from '#shared/messages.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { DEMO_LOGINS } from '../domain/demo.js';
import { AppError, fieldError } from '../domain/errors.js';
import { toUserDto } from '../domain/users.js';
import type { SyncEngine } from '../sync/engine.js';
import { seedDemo, type DemoDeps } from './demo.js';

export interface SetupDeps extends DemoDeps {
  db: Db;
  sync: Pick<SyncEngine, 'check' | 'setRemoteBy' | 'runOnce'>;
}

/** Which field a failed connection check blames, and how it is said to the person setting up. */
const REFUSED_CONNECTION: Record<Exclude<ConnectionCheck['result'], 'ok'>, [field: string, message: string]> = {
  unauthorized: ['apiKey', messages.setupKeyRefused],
  unreachable: ['baseUrl', messages.setupRemoteUnreachable],
  error: ['baseUrl', messages.setupRemoteError],
};

export function createSetup(deps: SetupDeps) {
  const { db, users, sync } = deps;

  function state(): SetupState {
    return {
      needsSetup: !users.hasOperator(),
      demo: users.findByEmail(DEMO_LOGINS[0].email) !== undefined,
    };
  }

  /** Once someone runs the counter, setting it up again would hand it to whoever asks first. */
  function requireFirstRun(): void {
    if (users.hasOperator()) throw new AppError('INVALID_STATE', messages.setupDone);
  }

  /** Seeds the demo and answers its logins (public demo credentials, as `demo` prints them). */
  function setUpDemo(): DemoSetupResult {
    requireFirstRun();
    return { logins: [...seedDemo(deps, 'system')] };
  }

  /**
   * Connects a fresh counter to a service: checks the URL and key, makes the person setting it up
   * the counter's owner (super_admin: its remote, settings and device keys; also the local owner of
   * the pulled events), stores the remote and pulls the events once.
   */
  async function connectToRemote(body: ConnectSetupBody): Promise<ConnectSetupResult> {
    requireFirstRun();
    const check = await sync.check(body.baseUrl, body.apiKey);
    if (check.result !== 'ok') throw fieldError(...REFUSED_CONNECTION[check.result]);

    // The check awaited the network, so another setup may have finished meanwhile: look again. From
    // here on nothing awaits until the remote is stored, so no other request can come in between,
    // and the transaction drops the new user if storing the remote fails: never half set up.
    const user = writeTransaction(db, () => {
      requireFirstRun();
      const created = users.createBy('system', { name: body.name, email: body.email, password: body.password, role: 'super_admin' });
      sync.setRemoteBy('system', { baseUrl: body.baseUrl, apiKey: body.apiKey, ownerEmail: created.email });
      return created;
    });
    const pulled = await sync.runOnce({ pull: true });
    return { user: toUserDto(user), sync: pulled };
  }

  return { state, setUpDemo, connectToRemote };
}
export type Setup = ReturnType<typeof createSetup>;
