/**
 * The long reads on a thread of its own (reads.ts names them). On serve's main thread every sale,
 * scan and screen waited behind them. The thread starts with the first of them and stays for the
 * next ones; it reads through a read-only connection of its own (read-worker.ts), one read at a
 * time, in the order they were asked.
 */
import { Worker } from 'node:worker_threads';
import { rethrown, type ReadReply, type ReadRequest, type ReadThreadData } from './read-messages.js';
import type { ReadName, Reads } from './reads.js';

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface ReadThreadOptions {
  /** Where the counter is reached, for the links in what is read. */
  publicBaseUrl: () => string;
  /**
   * Runs on serve's thread before each read is sent: the writes a read needs first (the lapsed
   * holds expired), which the thread's read-only connection cannot make.
   */
  beforeRead: () => void;
}

/**
 * The worker from its entry beside this module: the built .js, or from the sources (tsx, tests) the
 * .ts, which a worker can only load once tsx's loader is registered in it.
 */
function startWorker(data: ReadThreadData): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './read-worker.ts' : './read-worker.js', import.meta.url);
  if (!fromSources) return new Worker(entry, { workerData: data });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

export function createReadThread(file: string, options: ReadThreadOptions) {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  /** Every read asked for and not answered fails with the error; the next one starts a new thread. */
  function fail(error: Error): void {
    worker = undefined;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startWorker({ file });
    started.on('message', (reply: ReadReply) => {
      const w = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) started.unref();
      if (reply.error) w?.reject(rethrown(reply.error));
      else w?.resolve(reply.value);
    });
    started.on('error', (error) => {
      if (worker === started) fail(error);
    });
    started.on('exit', (code) => {
      if (worker === started) fail(new Error(`the read thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  }

  /** The read's answer from the thread; the process stays up while one is being read, and not for an idle thread. */
  function read<K extends ReadName>(name: K, ...args: Parameters<Reads[K]>): Promise<ReturnType<Reads[K]>> {
    options.beforeRead();
    const id = nextId++;
    const request: ReadRequest<K> = { id, read: name, args, publicBaseUrl: options.publicBaseUrl() };
    const t = thread();
    t.ref();
    return new Promise((resolve, reject) => {
      // The thread answers with what the read returned (reads.ts), structured-cloned.
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      t.postMessage(request);
    });
  }

  function close(): void {
    const stopping = worker;
    fail(new Error('the read thread was closed'));
    void stopping?.terminate();
  }

  return { read, close };
}
