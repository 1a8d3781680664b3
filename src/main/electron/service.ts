/**
 * The local service, run from the very entry `serve` uses in a utilityProcess: better-sqlite3 is
 * synchronous and must never block the window. It is given this launch's token and the data key,
 * and is ready once it prints its `listening on` line.
 */
import { app, utilityProcess, type UtilityProcess } from 'electron';
import { join } from 'node:path';
import { isLoopbackHost } from '../settings/listen.js';
import { listenHostBeforeStart } from '../settings/startup.js';
import { LAUNCH_TOKEN_ENV, SECRET_KEY_ENV } from '#shared/shell-bridge.js';

const LISTENING = /^listening on (http:\/\/\S+)$/m;

export interface Service {
  url: string;
  process: UtilityProcess;
}

/**
 * Where the service listens: set up for the LAN (settings listenHost), on its fixed address and
 * port, which the venue's devices know; otherwise on loopback at any free port. The settings are
 * in the database, which the service opens: the shell reads the copy in startup.json.
 */
function listenArgs(dataDir: string): string[] {
  const host = listenHostBeforeStart(dataDir);
  return host !== undefined && !isLoopbackHost(host) ? [] : ['--host', '127.0.0.1', '--port', '0'];
}

export function startService(here: string, dataDir: string, launchToken: string, sealingKey: string | undefined): Promise<Service> {
  return new Promise((resolve, reject) => {
    const child = utilityProcess.fork(join(here, 'cli.js'), ['serve', '--data-dir', dataDir, ...listenArgs(dataDir)], {
      stdio: 'pipe',
      serviceName: 'ticket-counter-service',
      env: {
        ...process.env,
        [LAUNCH_TOKEN_ENV]: launchToken,
        ...(sealingKey ? { [SECRET_KEY_ENV]: sealingKey } : {}),
        // better-sqlite3 built for Electron (scripts/electron-sqlite.js), not the Node build the CLI uses.
        TICKET_COUNTER_SQLITE_BINDING: join(app.getAppPath(), 'out', 'electron-sqlite', 'better_sqlite3.node'),
      },
    });
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = LISTENING.exec(buffered);
      if (match?.[1]) resolve({ url: match[1], process: child });
    });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`the local service exited with code ${code}`)));
  });
}
