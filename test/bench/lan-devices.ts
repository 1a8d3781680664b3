/**
 * The venue's devices for the LAN load (lan-load.ts), run as their own process: kiosks selling (an
 * order, then its cash checkout), gate scanners checking sold tickets in, displays reading. Each
 * device has its own API key and waits out a 429 as its Retry-After asks. Prints what it saw as
 * JSON: answers by status, anything but 2xx/409/429, the orders answered 201, the check-ins answered 201.
 */
import { registration } from '../support/fixtures.js';
import { lanClient } from './lan-client.js';

export interface DevicePlan {
  url: string;
  /** The address the devices connect from (the test LAN's; test/support/test-lan.ts). */
  clientAddress: string | undefined;
  eventId: string;
  categoryId: string;
  /** Epoch ms: the devices stop then. */
  until: number;
  kioskKeys: string[];
  scannerKeys: string[];
  displayKeys: string[];
}

export interface DeviceFigures {
  byStatus: Record<string, number>;
  unexpected: string[];
  orderIds: string[];
  checkInsAnswered: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runDevices(plan: DevicePlan): Promise<DeviceFigures> {
  const byStatus: Record<string, number> = {};
  const unexpected = new Set<string>();
  const orderIds: string[] = [];
  const sold: string[] = [];
  let checkInsAnswered = 0;
  const event = `/events/${plan.eventId}`;
  const client = lanClient(plan.clientAddress);

  /** One request as a device makes it: a 429 is waited out as Retry-After asks. */
  async function call(key: string, method: string, path: string, body?: unknown) {
    const { status, retryAfter, json } = await client.call(method, `${plan.url}${path}`, { 'x-api-key': key }, body);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (status === 429) await sleep(Math.min(Number(retryAfter ?? 1) * 1000, Math.max(0, plan.until - Date.now())));
    else if (status >= 300 && status !== 409) unexpected.add(`${method} ${path.replace(plan.eventId, '{event}')}: ${status} ${json?.error?.code ?? ''}`);
    return { status, data: json?.data as Record<string, unknown> | undefined };
  }

  async function kiosk(key: string) {
    while (Date.now() < plan.until) {
      const created = await call(key, 'POST', `${event}/admin/orders`, { eventId: plan.eventId, ticketCategoryId: plan.categoryId, registration: registration() });
      if (created.status !== 201) continue;
      const id = String(created.data!.id);
      orderIds.push(id);
      const paid = await call(key, 'POST', `${event}/admin/orders/${id}/checkout`, { method: 'cash', amountTendered: String(created.data!.totalAmount) });
      const participants = paid.data?.participants as { ticketNumber: string }[] | undefined;
      if (paid.status === 200 && participants?.[0]) sold.push(participants[0].ticketNumber);
    }
  }

  async function scanner(key: string, gate: number) {
    while (Date.now() < plan.until) {
      // Any ticket sold so far: its first scan checks it in (201), any later one finds it in (409).
      const ticket = sold[Math.floor(Math.random() * sold.length)];
      if (!ticket) {
        await sleep(20);
        continue;
      }
      const scanned = await call(key, 'POST', `${event}/check-ins`, { ticketNumber: ticket, gate: `Gerbang ${gate + 1}` });
      if (scanned.status === 201) checkInsAnswered += 1;
    }
  }

  async function display(key: string, n: number) {
    const reads = [`${event}/tickets`, `${event}/admin/orders?limit=20`, `/events?ownerId=me`];
    for (let i = n; Date.now() < plan.until; i++) await call(key, 'GET', reads[i % reads.length]!);
  }

  await Promise.all([
    ...plan.kioskKeys.map((key) => kiosk(key)),
    ...plan.scannerKeys.map((key, n) => scanner(key, n)),
    ...plan.displayKeys.map((key, n) => display(key, n)),
  ]);
  client.close();
  return { byStatus, unexpected: [...unexpected], orderIds, checkInsAnswered };
}

const plan = JSON.parse(process.argv[2] ?? '{}') as DevicePlan;
runDevices(plan).then(
  (figures) => process.stdout.write(JSON.stringify(figures)),
  (error: unknown) => {
    process.stderr.write(`devices failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
