/**
 * After a full run of a real `serve` logging everything it can (trace), its logs are searched for
 * every secret that went through it: passwords (right and wrong), the JWT, API keys (made with the
 * CLI and over HTTP), a customer's generated password, the remote's API key, the launch token, a
 * ticket's QR token (a gate looks tickets up by it, in the query string) and a full identity number;
 * and the personal data that comes in query strings: ticket numbers, customers' e-mails and names.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../src/main/domain/demo.js';
import { tempDir, type TempDir } from '../support/harness.js';
import { readQr } from '../support/qr.js';
import { fetchJson, runCli, startServe, type Served } from '../support/serve.js';

const [ORGANIZER, , OWNER] = DEMO_LOGINS;
const EVENT = '01JDEM0000000000000000EV02';
const CATEGORY = '01JDEM0000000000000000TK03';
const IDENTITY_NUMBER = '3171015705900001';
const LAUNCH_TOKEN = 'launch-token-never-logged-5f1c';
const REMOTE_KEY = 'tck_remote-key-never-logged-77aa';
const WRONG_PASSWORD = 'wrong-password-never-logged';
const CUSTOMER_EMAIL = 'siti.log@contoh.id';

describe('logs after a full run', () => {
  let dir: TempDir;
  let served: Served | undefined;
  afterEach(async () => {
    await served?.stop('SIGKILL');
    dir.remove();
  });

  it('hold none of the secrets that went through the service', async () => {
    dir = tempDir();
    expect((await runCli(['demo', '--data-dir', dir.path])).code).toBe(0);
    const cliKey = (await runCli(['apikey', 'create', '--data-dir', dir.path, '--email', ORGANIZER.email, '--name', 'cli'])).stdout.trim();
    served = await startServe(dir.path, { logLevel: 'trace', env: { TICKET_COUNTER_LAUNCH_TOKEN: LAUNCH_TOKEN } });
    const url = (path: string) => `${served!.url}${path}`;

    const login = await fetchJson(url('/auth/login'), { method: 'POST', body: { email: ORGANIZER.email, password: ORGANIZER.password } });
    const jwt: string = login.body.data.token;
    expect((await fetchJson(url('/auth/login'), { method: 'POST', body: { email: ORGANIZER.email, password: WRONG_PASSWORD } })).status).toBe(401);
    const bearer = { authorization: `Bearer ${jwt}` };
    const madeKey = await fetchJson(url('/api-keys'), { method: 'POST', headers: bearer, body: { name: 'pemindai' } });
    const httpKey: string = madeKey.body.data.key;
    const asKey = { 'x-api-key': httpKey };

    const created = await fetchJson(url(`/events/${EVENT}/admin/orders`), {
      method: 'POST',
      headers: { ...asKey, 'idempotency-key': 'log-run-1' },
      body: {
        eventId: EVENT,
        ticketCategoryId: CATEGORY,
        registration: { name: 'Siti Rahmawati', email: CUSTOMER_EMAIL, phone: '+6281234567890', gender: 'female', birthDate: '1990-05-17', identityNumber: IDENTITY_NUMBER },
      },
    });
    expect(created.status).toBe(201);
    const generatedPassword: string = created.body.data.generatedPassword;
    const orderPath = `/events/${EVENT}/admin/orders/${created.body.data.id}`;
    const paid = await fetchJson(url(`${orderPath}/checkout`), { method: 'POST', headers: asKey, body: { method: 'cash', amountTendered: '100000' } });
    const participant = paid.body.data.participants[0];
    const qr = Buffer.from(await (await fetch(`${participant.qrCode.replace(/^http:\/\/[^/]+/, served.url)}`, { headers: { 'x-api-key': cliKey } })).arrayBuffer());
    const ticketToken = readQr(qr)!;
    expect(ticketToken.split('.')).toHaveLength(3);
    const looked = await fetchJson(url(`/events/${EVENT}/check-ins/lookup?token=${encodeURIComponent(ticketToken)}`), { headers: asKey });
    expect(looked.status).toBe(200);
    // Personal data in query strings: a ticket looked up by its number, the orders searched by the customer's e-mail or name.
    const ticketNumber: string = participant.ticketNumber;
    expect((await fetchJson(url(`/events/${EVENT}/check-ins/lookup?ticketNumber=${ticketNumber}`), { headers: asKey })).status).toBe(200);
    expect((await fetchJson(url(`/events/${EVENT}/admin/orders?search=${encodeURIComponent(CUSTOMER_EMAIL)}&status=completed`), { headers: asKey })).status).toBe(200);
    expect((await fetchJson(url(`/events/${EVENT}/admin/orders?status=completed&search=Siti%20Rahmawati`), { headers: asKey })).status).toBe(200);
    expect((await fetchJson(url(`/events/${EVENT}/check-ins`), { method: 'POST', headers: asKey, body: { token: ticketToken, gate: 'Utara' } })).status).toBe(201);
    expect((await fetchJson(url(orderPath), { headers: bearer })).status).toBe(200);

    // The counter's owner points it at a remote.
    const ownerLogin = await fetchJson(url('/auth/login'), { method: 'POST', body: { email: OWNER.email, password: OWNER.password } });
    const ownerJwt: string = ownerLogin.body.data.token;
    const asOwner = { authorization: `Bearer ${ownerJwt}` };
    expect((await fetchJson(url('/sync/remote'), { method: 'PUT', headers: asOwner, body: { baseUrl: 'http://127.0.0.1:9', apiKey: REMOTE_KEY } })).status).toBe(200);
    expect((await fetchJson(url('/sync/remote/check'), { method: 'POST', headers: asOwner, body: { baseUrl: 'http://127.0.0.1:9', apiKey: REMOTE_KEY } })).status).toBe(200);
    expect((await fetchJson(url('/setup'), { headers: { 'x-launch-token': LAUNCH_TOKEN } })).status).toBe(200);
    expect((await fetchJson(url('/events?ownerId=me'), { headers: { 'x-api-key': `${httpKey}-altered` } })).status).toBe(401);

    await served.stop('SIGTERM');
    const logs = served.stderr();
    // The run was logged at all: requests, with their URLs.
    expect(logs).toContain('incoming request');
    expect(logs).toContain('/check-ins/lookup?token=[redacted]');
    expect(logs).toContain('/check-ins/lookup?ticketNumber=[redacted]');
    expect(logs).toContain('?search=[redacted]&status=completed');
    const secrets = {
      password: ORGANIZER.password,
      ownerPassword: OWNER.password,
      wrongPassword: WRONG_PASSWORD,
      jwt,
      ownerJwt,
      cliKey,
      httpKey,
      generatedPassword,
      remoteKey: REMOTE_KEY,
      launchToken: LAUNCH_TOKEN,
      ticketToken,
      ticketTokenEncoded: encodeURIComponent(ticketToken),
      identityNumber: IDENTITY_NUMBER,
      ticketNumber,
      customerEmail: CUSTOMER_EMAIL,
      customerEmailEncoded: encodeURIComponent(CUSTOMER_EMAIL),
      customerName: 'Siti%20Rahmawati',
    };
    const found = Object.entries(secrets).filter(([, secret]) => logs.includes(secret));
    expect(found.map(([name]) => name)).toEqual([]);
  });
});
