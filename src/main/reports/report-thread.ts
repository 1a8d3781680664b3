/**
 * The sales report on a thread of its own. A month's report reads hundreds of thousands of sales
 * (3 s on a season's database); on serve's main thread every sale, scan and screen waited that
 * long behind it. The thread starts with the first report and stays for the next ones; it reads
 * through a read-only connection of its own (report-worker.ts).
 */
import { Worker } from 'node:worker_threads';
import type { SalesReport, SalesReportQuery } from '#shared/schemas/sales-report.js';
import type { Actor } from '../domain/access.js';
import { rethrown, type ReportReply, type ReportRequest, type ReportThreadData } from './report-messages.js';

interface Waiting {
  resolve: (report: SalesReport) => void;
  reject: (error: Error) => void;
}

/**
 * The worker from its entry beside this module: the built .js, or from the sources (tsx, tests) the
 * .ts, which a worker can only load once tsx's loader is registered in it.
 */
function startWorker(data: ReportThreadData): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './report-worker.ts' : './report-worker.js', import.meta.url);
  if (!fromSources) return new Worker(entry, { workerData: data });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

export function createReportThread(file: string) {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  /** Every report asked for and not answered fails with the error; the next one starts a new thread. */
  function fail(error: Error): void {
    worker = undefined;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startWorker({ file });
    started.on('message', (reply: ReportReply) => {
      const w = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) started.unref();
      if (reply.error) w?.reject(rethrown(reply.error));
      else w?.resolve(reply.report);
    });
    started.on('error', (error) => {
      if (worker === started) fail(error);
    });
    started.on('exit', (code) => {
      if (worker === started) fail(new Error(`the report thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  }

  /** The report, read on the thread; the process stays up while one is being read, and not for an idle thread. */
  function salesReport(actor: Actor, query: SalesReportQuery): Promise<SalesReport> {
    const id = nextId++;
    const request: ReportRequest = { id, actor, query };
    const t = thread();
    t.ref();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      t.postMessage(request);
    });
  }

  function close(): void {
    const stopping = worker;
    fail(new Error('the report thread was closed'));
    void stopping?.terminate();
  }

  return { salesReport, close };
}
