/** The command-line contract: exit codes, stdout and stderr, and that what the CLI does the API shows. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectList, expectOk } from '../support/envelope.js';
import { eventInput, ticketInput, ticketsPath } from '../support/fixtures.js';
import { startHarness, tempDir, type TempDir } from '../support/harness.js';
import type { Requester } from '../support/http.js';
import { runCli } from '../support/serve.js';
import { EVENT, TICKET_CATEGORY, ULID, expectShape } from '../support/shapes.js';

describe('ticket-counter CLI', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  const cli = (...args: string[]) => runCli([...args, '--data-dir', dir.path]);
  const createOrganizer = (email = 'org@cli.example') =>
    cli('user', 'create', '--email', email, '--name', 'CLI Organizer', '--role', 'organizer', '--password', 'secret-pass');

  /** Opens the data dir the CLI wrote and gives a request function over the real listener. */
  async function withApi(use: (request: Requester) => Promise<void>): Promise<void> {
    const h = await startHarness({ dataDir: dir.path });
    try {
      await use(h.request);
    } finally {
      await h.close();
    }
  }

  describe('usage errors exit 2 with the message and usage on stderr', () => {
    it.each([
      [['frobnicate'], /unknown command: frobnicate/],
      [['user', 'create', '--email', 'a@b.example'], /--\w+ is required/],
      [['user', 'delete', '--email', 'a@b.example'], /expected create, grant, password or pin/],
      [['apikey', 'create', '--email', 'a@b.example', '--bogus'], /bogus/],
      [['user', 'create', '--email', 'x@y.example', '--name', 'X', '--role', 'pope', '--password', 'p'], /--role must be one of/],
      [['serve', '--port', '99999'], /--port/],
    ])('%j', async (args, message) => {
      const result = await cli(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Exit codes');
      expect(result.stdout).toBe('');
    });
  });

  it('exits 1 with "error: ..." on stderr for an unknown user e-mail', async () => {
    const result = await cli('user', 'grant', '--email', 'ghost@cli.example', '--event', 'any', '--permission', 'event:read');
    expect(result).toEqual({ code: 1, stdout: '', stderr: expect.stringMatching(/^error: .*ghost@cli\.example/) });
  });

  it('exits 1 for a grant on an unknown event and for an e-mail already taken', async () => {
    expect((await createOrganizer()).code).toBe(0);
    const grant = await cli('user', 'grant', '--email', 'org@cli.example', '--event', 'nope', '--permission', 'event:read');
    expect(grant.code).toBe(1);
    expect(grant.stderr).toMatch(/^error: /);
    const again = await createOrganizer();
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: /);
  });

  it('user create refuses, with exit 1, an operator who could never log in: each wrong field named', async () => {
    const result = await cli('user', 'create', '--email', 'x@y', '--name', 'X', '--role', 'staff', '--password', 'short');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: user create:\n/);
    expect(result.stderr).toContain('  email: Alamat email tidak valid');
    expect(result.stderr).toContain('  password: Kata sandi minimal 10 karakter');
    expect(result.stdout).toBe('');
  });

  it('user create prints the user as JSON, without any password', async () => {
    const result = await createOrganizer('Mixed@CLI.example');
    expect(result.code).toBe(0);
    const user = JSON.parse(result.stdout);
    expect(user).toMatchObject({ email: 'mixed@cli.example', name: 'CLI Organizer', role: 'organizer' });
    expect(user.id).toMatch(ULID);
    expect(result.stdout).not.toMatch(/secret-pass|passwordHash/);
  });

  it('apikey create prints the key alone on stdout, and the key works against the API', async () => {
    await createOrganizer();
    const result = await cli('apikey', 'create', '--email', 'org@cli.example', '--name', 'kiosk');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^tck_[A-Za-z0-9_-]{20,}\n$/);
    const key = result.stdout.trim();
    await withApi(async (request) => {
      expectList(await request({ url: '/events?ownerId=me', key }));
    });
  });

  it('apikey create --expires-at in the past gives a key the API refuses', async () => {
    await createOrganizer();
    const result = await cli('apikey', 'create', '--email', 'org@cli.example', '--name', 'old', '--expires-at', '2000-01-01T00:00:00Z');
    expect(result.code).toBe(0);
    await withApi(async (request) => {
      expect((await request({ url: '/events?ownerId=me', key: result.stdout.trim() })).status).toBe(401);
    });
  });

  it('apikey create --event --gate gives a gate device key: check-in there, nothing else', async () => {
    await createOrganizer();
    const now = Date.now();
    const file = join(dir.path, 'events.json');
    writeFileSync(file, JSON.stringify({ events: [eventInput(now, { slug: 'gerbang-cli' })] }));
    expect((await cli('import', '--file', file, '--owner', 'org@cli.example')).code).toBe(0);
    // A gate is named with its event, and the user must be allowed to check tickets in there.
    expect(await cli('apikey', 'create', '--email', 'org@cli.example', '--name', 'pemindai', '--gate', 'Gerbang Utara')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--event is required/) });
    expect((await cli('user', 'create', '--email', 'kasir@cli.example', '--name', 'Kasir', '--role', 'staff', '--password', 'kata-sandi-kasir')).code).toBe(0);
    expect(await cli('apikey', 'create', '--email', 'kasir@cli.example', '--name', 'pemindai', '--event', 'gerbang-cli', '--gate', 'Gerbang Utara')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/may not check tickets in/),
    });
    const made = await cli('apikey', 'create', '--email', 'org@cli.example', '--name', 'pemindai', '--event', 'gerbang-cli', '--gate', 'Gerbang Utara');
    expect(made.code).toBe(0);
    const key = made.stdout.trim();
    await withApi(async (request) => {
      expect(expectOk(await request({ url: '/gate/device', key }))).toMatchObject({ gate: 'Gerbang Utara', events: [{ slug: 'gerbang-cli' }] });
      expectError(await request({ url: '/events?ownerId=me', key }), 403, 'FORBIDDEN');
    });
  });

  it('import reads the spec Event and Ticket shapes; the events then show through the API', async () => {
    await createOrganizer();
    const now = Date.now();
    const event = eventInput(now, { tickets: [ticketInput(now, { price: '250000', quota: 40 }), ticketInput(now, { price: '99000.50' })] });
    const file = join(dir.path, 'events.json');
    writeFileSync(file, JSON.stringify({ events: [event] }));
    const result = await cli('import', '--file', file, '--owner', 'org@cli.example');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ events: 1, tickets: 2 });

    const key = (await cli('apikey', 'create', '--email', 'org@cli.example', '--name', 'check')).stdout.trim();
    await withApi(async (request) => {
      const { data } = expectList(await request({ url: '/events?ownerId=me', key }));
      expect(data).toHaveLength(1);
      expectShape(data[0], EVENT);
      expect(data[0]).toMatchObject({ id: event.id, slug: event.slug, name: event.name, minPrice: '99000.50', maxPrice: '250000.00', quota: 140 });
      const tickets = expectOk(await request({ url: ticketsPath(event.slug), key }));
      expect(tickets.map((t: { id: string }) => t.id).sort()).toEqual(event.tickets.map((t) => t.id).sort());
      for (const ticket of tickets) expectShape(ticket, TICKET_CATEGORY);
    });
  });

  it("imports the example file (docs/example-import.json)", async () => {
    await createOrganizer();
    const result = await cli('import', '--file', fileURLToPath(new URL('../../docs/example-import.json', import.meta.url)), '--owner', 'org@cli.example');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ events: 1, tickets: 2 });
  });

  it('import refuses an invalid file with exit 1 and field details', async () => {
    await createOrganizer();
    const file = join(dir.path, 'bad.json');
    writeFileSync(file, JSON.stringify({ events: [{ id: 'not-a-ulid', name: 'X' }] }));
    const result = await cli('import', '--file', file, '--owner', 'org@cli.example');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: invalid import file:\n {2}events\.0\.id: /m);
  });

  it('import refuses a price beyond the largest the counter takes (Rp 100.000.000)', async () => {
    await createOrganizer();
    const file = join(dir.path, 'huge.json');
    const event = eventInput(Date.now());
    writeFileSync(file, JSON.stringify({ events: [{ ...event, feeFlat: '100000000.01', tickets: [{ ...event.tickets[0], price: '9999999999999.99' }] }] }));
    const result = await cli('import', '--file', file, '--owner', 'org@cli.example');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ {2}events\.0\.feeFlat: Harga paling banyak Rp 100\.000\.000/m);
    expect(result.stderr).toMatch(/^ {2}events\.0\.tickets\.0\.price: Harga paling banyak Rp 100\.000\.000/m);
  });

  it('user grant gives a staff user access to an event by slug', async () => {
    await createOrganizer();
    await cli('user', 'create', '--email', 'kasir@cli.example', '--name', 'Kasir', '--role', 'staff', '--password', 'pw-kasir-cli');
    const event = eventInput(Date.now());
    const file = join(dir.path, 'events.json');
    writeFileSync(file, JSON.stringify({ events: [event] }));
    await cli('import', '--file', file, '--owner', 'org@cli.example');
    const grant = await cli('user', 'grant', '--email', 'kasir@cli.example', '--event', event.slug, '--permission', 'event:update');
    expect(grant.code).toBe(0);
    expect(JSON.parse(grant.stdout)).toMatchObject({ eventId: event.id, permission: 'event:update' });
    const key = (await cli('apikey', 'create', '--email', 'kasir@cli.example', '--name', 'counter')).stdout.trim();
    await withApi(async (request) => {
      expect(expectList(await request({ url: '/events?ownerId=me', key })).data.map((e: { id: string }) => e.id)).toEqual([event.id]);
    });
  });

  it('demo seeds logins and events, and running it again changes nothing', async () => {
    const first = await cli('demo');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/organizer@demo\.test/);
    expect((await cli('demo')).code).toBe(0);
    await withApi(async (request) => {
      const login = expectOk(await request({ method: 'POST', url: '/auth/login', body: { email: 'admin@demo.test', password: 'demo-admin' } }));
      const { meta } = expectList(await request({ url: '/events?ownerId=me&scope=all', token: login.token }));
      expect(meta.total).toBe(3);
    });
  });

  it('sync now without a remote exits 1: the status on stdout, and on stderr what to do', async () => {
    const result = await cli('sync', 'now');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ remote: null, pending: 0 });
    expect(result.stderr).toBe('error: no remote is set: remote set --base-url URL (key on stdin)\n');
  });
});
