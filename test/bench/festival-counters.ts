/**
 * The festival's walk-in sales: each counter sells one customer after another, a cash sale every
 * few seconds (POST order, then POST checkout in cash, as the other benches' sale flow), the
 * category drawn by weight. A create the counter refuses (409: sold out, or refused at the hub
 * before payment) is counted, not paid. Every paid sale is kept, with its customer's e-mail and
 * identity number, to be found on the central service afterwards.
 */
import { percentile } from './latency.js';
import { callAt, type Running } from './festival-venue.js';
import { registration, TENDERED } from './replication.js';

export interface CounterPlan {
  eventId: string;
  /** Categories with the share of customers who ask for each. */
  categories: { id: string; weight: number }[];
  /** The mean gap between two sales at one counter; each gap is drawn between half and one and a half of it. */
  everyMs: number;
}

export interface Sale {
  counter: string;
  categoryId: string;
  email: string;
  identityNumber: string;
  ticketNumber: string;
  /** performance.now() when the checkout was answered. */
  paidAt: number;
}

export interface SalesFigures {
  paid: Sale[];
  /** Creates answered 409, by error code. */
  refused: Record<string, number>;
  /** Answers no sale should get (anything but 201/409 to a create, 200 to a checkout). */
  unexpected: string[];
  /** A whole sale, create + checkout, in ms. */
  p50: number;
  p99: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Customers of the walk-in sales are numbered from here, each counter a range of its own. */
const FIRST_CUSTOMER = 7_000_000;

function pick(categories: CounterPlan['categories']): string {
  const total = categories.reduce((n, c) => n + c.weight, 0);
  let draw = Math.random() * total;
  for (const c of categories) if ((draw -= c.weight) < 0) return c.id;
  return categories.at(-1)!.id;
}

/** Starts every counter selling; `stop()` ends them after their sale in progress and returns the figures. */
export function startSales(counters: Running[], plan: CounterPlan): { paid: Sale[]; stop(): Promise<SalesFigures> } {
  const paid: Sale[] = [];
  const refused: Record<string, number> = {};
  const unexpected: string[] = [];
  const times: number[] = [];
  let stopping = false;
  const orders = `/events/${plan.eventId}/admin/orders`;

  async function sell(counter: Running, n: number): Promise<void> {
    const customer = registration(n);
    const categoryId = pick(plan.categories);
    const started = performance.now();
    const created = await callAt(counter, orders, { eventId: plan.eventId, ticketCategoryId: categoryId, registration: customer });
    if (created.status === 409) {
      const code = String(created.body?.error?.code);
      refused[code] = (refused[code] ?? 0) + 1;
      return;
    }
    if (created.status !== 201) return void unexpected.push(`${counter.label} create ${created.status} ${JSON.stringify(created.body?.error ?? created.body)}`);
    const checkout = await callAt(counter, `${orders}/${created.body.data.id}/checkout`, { method: 'cash', amountTendered: TENDERED });
    if (checkout.status !== 200) return void unexpected.push(`${counter.label} checkout ${checkout.status} ${JSON.stringify(checkout.body?.error ?? checkout.body)}`);
    const paidAt = performance.now();
    times.push(paidAt - started);
    const ticketNumber = checkout.body.data.participants[0].ticketNumber as string;
    paid.push({ counter: counter.label, categoryId, email: customer.email, identityNumber: customer.identityNumber, ticketNumber, paidAt });
  }

  async function counterLoop(counter: Running, index: number): Promise<void> {
    for (let n = FIRST_CUSTOMER + index * 100_000; !stopping; n++) {
      await sleep(plan.everyMs * (0.5 + Math.random()));
      if (!stopping) await sell(counter, n).catch((error: unknown) => void unexpected.push(`${counter.label}: ${String(error)}`));
    }
  }

  const running = Promise.all(counters.map((counter, i) => counterLoop(counter, i)));
  return {
    paid,
    async stop() {
      stopping = true;
      await running;
      times.sort((a, b) => a - b);
      return { paid, refused, unexpected, p50: percentile(times, 50), p99: percentile(times, 99) };
    },
  };
}
