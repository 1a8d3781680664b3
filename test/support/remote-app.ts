/**
 * A second instance of the service in this process, listening on a real loopback port, with the
 * demo seeded and an API key of the demo organizer: the remote a fresh counter connects to.
 */
import { createServer } from 'node:net';
import { seedDemo } from '../../src/main/app/demo.js';
import { DEMO_LOGINS } from '../../src/main/domain/demo.js';
import { buildApp } from '../../src/main/http/app.js';
import { createServices } from '../../src/main/services.js';
import { TEST_PASSWORD_WORK, tempDir } from './harness.js';

export interface RemoteApp {
  url: string;
  /** The demo organizer's key: it sees the three demo events. */
  key: string;
  close(): Promise<void>;
}

export async function startRemoteApp(): Promise<RemoteApp> {
  const dir = tempDir('tc-remote-');
  const services = createServices({ dataDir: dir.path, passwordWork: TEST_PASSWORD_WORK });
  seedDemo(services, 'system');
  const { key } = services.apiKeys.create(services.users.findByEmail(DEMO_LOGINS[0].email)!.id, 'loket');
  const app = await buildApp(services, { logLevel: 'silent' });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    key,
    async close() {
      await app.close();
      services.close();
      dir.remove();
    },
  };
}

/** A loopback URL nothing listens on: a port just bound and let go. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
