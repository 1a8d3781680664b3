/**
 * Sequential GETs over one keep-alive connection, timed from send to the last byte of the body:
 * JSON lists, and files such as invoice PDFs.
 */
import { Agent, request } from 'node:http';

export interface LatencyFigures {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  total: number | undefined;
}

/** The p-th percentile (nearest rank) of ascending samples; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

interface Got {
  status: number;
  type: string;
  body: Buffer;
}

function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${url.pathname}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Throws unless the reply is a 200 of the expected content type. */
function check(url: URL, got: Got, contentType: string): void {
  if (got.status !== 200 || !got.type.startsWith(contentType)) {
    throw new Error(`GET ${url.pathname}${url.search}: ${got.status} ${got.type} ${got.body.toString('utf8', 0, 300)}`);
  }
}

/**
 * Sends `count` sequential requests (after `warmup` untimed ones), or fewer if `budgetMs` runs out,
 * and returns latency percentiles in milliseconds and, for a JSON list, its meta.total. Every reply
 * must be a 200 of `contentType` (JSON unless told).
 */
export async function measureSequential(
  url: URL,
  headers: Record<string, string>,
  options: { count: number; warmup: number; budgetMs: number; contentType?: string },
): Promise<LatencyFigures> {
  const contentType = options.contentType ?? 'application/json';
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let total: number | undefined;
    for (let i = 0; i < options.warmup; i++) {
      const got = await get(agent, url, headers);
      check(url, got, contentType);
      if (contentType === 'application/json') total = (JSON.parse(got.body.toString('utf8')) as { meta?: { total?: number } }).meta?.total;
    }
    const times: number[] = [];
    const deadline = performance.now() + options.budgetMs;
    for (let i = 0; i < options.count && performance.now() < deadline; i++) {
      const started = performance.now();
      const got = await get(agent, url, headers);
      times.push(performance.now() - started);
      check(url, got, contentType);
    }
    times.sort((a, b) => a - b);
    return { samples: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? NaN, total };
  } finally {
    agent.destroy();
  }
}
