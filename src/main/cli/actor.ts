import { userInfo } from 'node:os';
import type { CliActor } from '../domain/audit.js';

/**
 * Who runs a command, as the audit log records it: the command line on this machine, named by the
 * OS account running it (whoever can run the CLI can read the data dir: the machine's operator).
 */
export function cliActor(): CliActor {
  try {
    return { cli: true, osUser: userInfo().username };
  } catch {
    // An account without a name (a container's numeric user): still the command line.
    return { cli: true, osUser: null };
  }
}
