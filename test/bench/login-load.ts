/**
 * Logins in parallel and the requests beside them: for `seconds`, `parallel` clients keep logging
 * in with a wrong password (half for the operator's e-mail, half for e-mails nobody has) while
 * /health is asked sequentially; how long /health takes is what one operator's screen feels while
 * others type wrong passwords. Checking a password is a scrypt in libuv's thread pool (domain/secrets.ts), so
 * the event loop stays free. The wrong logins come from this machine, which no limit holds back.
 */
import { Agent, request } from 'node:http';
import { measureSequential, type LatencyFigures } from './latency.js';

export interface LoginLoadFigures {
  parallel: number;
  logins: number;
  perSecond: number;
  health: LatencyFigures;
}

function wrongLogin(agent: Agent, url: string, email: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/auth/login`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ email, password: 'bukan-kata-sandinya' }));
  });
}

export async function measureLoginLoad(url: string, operatorEmail: string, options: { parallel: number; seconds: number }): Promise<LoginLoadFigures> {
  const agent = new Agent({ keepAlive: true });
  let running = true;
  let logins = 0;
  const client = async (n: number) => {
    while (running) {
      const status = await wrongLogin(agent, url, n % 2 ? operatorEmail : `tidak-ada-${n}@bench.test`);
      if (status !== 401) throw new Error(`a wrong login answered ${status}`);
      logins += 1;
    }
  };
  const started = performance.now();
  const clients = Array.from({ length: options.parallel }, (_, n) => client(n));
  try {
    // As many as the time allows: the logins' rate is the steady one, not that of a first batch.
    const health = await measureSequential(new URL('/health', url), {}, { count: Number.MAX_SAFE_INTEGER, warmup: 5, budgetMs: options.seconds * 1000 });
    return { parallel: options.parallel, logins, perSecond: logins / ((performance.now() - started) / 1000), health };
  } finally {
    running = false;
    await Promise.all(clients);
    agent.destroy();
  }
}
