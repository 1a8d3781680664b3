/**
 * The HTTP client of the LAN load's devices and operator: node:http over kept-alive connections,
 * made from the test LAN's client address (test/support/test-lan.ts), so that the counter sees
 * them as another machine's.
 */
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  retryAfter: string | undefined;
  // The bench reads a few fields of the answers it needs (ids, totals, tokens).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export function lanClient(localAddress: string | undefined) {
  const agent = new Agent({ keepAlive: true, localAddress });

  function call(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(url, { method, agent, headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const isJson = String(res.headers['content-type']).startsWith('application/json');
          const json: unknown = isJson ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], json });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  return { call, close: () => agent.destroy() };
}
