/** Sequential GETs over one keep-alive connection, timed from send to the last byte of the body. */
import { Agent, request } from 'node:http';

export interface LatencyFigures {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  total: number | undefined;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${url.pathname}`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sends `count` sequential requests (after `warmup` untimed ones), or fewer if `budgetMs` runs out,
 * and returns latency percentiles in milliseconds and the list's meta.total.
 */
export async function measureSequential(
  url: URL,
  headers: Record<string, string>,
  options: { count: number; warmup: number; budgetMs: number },
): Promise<LatencyFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let total: number | undefined;
    for (let i = 0; i < options.warmup; i++) {
      const { status, body } = await get(agent, url, headers);
      if (status !== 200) throw new Error(`GET ${url.pathname}${url.search}: ${status} ${body.slice(0, 300)}`);
      total = (JSON.parse(body) as { meta?: { total?: number } }).meta?.total;
    }
    const times: number[] = [];
    const deadline = performance.now() + options.budgetMs;
    for (let i = 0; i < options.count && performance.now() < deadline; i++) {
      const started = performance.now();
      const { status, body } = await get(agent, url, headers);
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`GET ${url.pathname}${url.search}: ${status} ${body.slice(0, 300)}`);
    }
    times.sort((a, b) => a - b);
    return { samples: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? NaN, total };
  } finally {
    agent.destroy();
  }
}
