/**
 * Load with autocannon: order creation (every request a new customer: identity number, e-mail),
 * checkouts (every request another order) and invoice downloads.
 */
import autocannon, { type Result } from 'autocannon';

export interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: string;
}

export interface LoadTarget {
  url: string;
  /** POST unless told. */
  method?: 'GET' | 'POST';
  /** The same path for every request, or a new one for each (the next order to check out, say). */
  path: string | (() => string);
  headers: Record<string, string>;
  /** Makes the n-th body, sent as JSON; n is unique across the whole process, warm-up included. None for a GET. */
  body?(n: number): unknown;
}

let sequence = 0;

export async function runLoad(target: LoadTarget, connections: number, durationSeconds: number): Promise<LoadFigures> {
  const { path, body } = target;
  const result: Result = await autocannon({
    url: target.url,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: target.method ?? 'POST',
        path: typeof path === 'string' ? path : undefined,
        headers: body ? { 'content-type': 'application/json', ...target.headers } : target.headers,
        setupRequest: (request) => ({
          ...request,
          ...(typeof path === 'function' ? { path: path() } : {}),
          ...(body ? { body: JSON.stringify(body(++sequence)) } : {}),
        }),
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}:${count}`)
    .join(' ');
  const completed = result['2xx'] + result.non2xx;
  return {
    requests: completed,
    perSecond: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

/** A registration nobody else in the run has: identity number and e-mail both derive from n. */
export function orderBody(eventId: string, ticketCategoryId: string, n: number) {
  return {
    eventId,
    ticketCategoryId,
    registration: {
      name: `Pembeli Beban ${n}`,
      email: `pembeli${n}@beban.test`,
      phone: `+62813${String(10_000_000 + (n % 90_000_000)).padStart(8, '0')}`,
      gender: n % 2 === 0 ? 'female' : 'male',
      birthDate: '1992-04-17',
      identityNumber: `3273${String(n).padStart(12, '0')}`,
    },
  };
}

/** A load must be right before it is fast: anything but 2xx, an error or no answer at all fails the run. */
export function checkLoad(name: string, figures: LoadFigures): void {
  if (figures.non2xx > 0 || figures.errors > 0 || figures.requests === 0) {
    throw new Error(`${name}: ${figures.requests} responses, non-2xx ${figures.non2xx} (${figures.statuses}), errors ${figures.errors}`);
  }
}

/** The load after a warm-up of its own (the JIT, SQLite's cache), both checked. */
export async function warmedLoad(name: string, target: LoadTarget, connections: number, warmupSeconds: number, seconds: number): Promise<LoadFigures> {
  checkLoad(`${name} warm-up`, await runLoad(target, connections, warmupSeconds));
  const figures = await runLoad(target, connections, seconds);
  checkLoad(name, figures);
  return figures;
}
