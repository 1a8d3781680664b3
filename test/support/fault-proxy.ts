/**
 * A fault-injecting HTTP proxy between a counter and its remote, for the sync tests: it passes
 * requests through, or breaks the network in the ways the sync engine must survive.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Forwarding faults may also drop the Idempotency-Key header: a remote that ignores it. */
interface Strip {
  stripIdempotency?: boolean;
}

export type Fault =
  /** Pass everything through. */
  | { kind: 'pass' }
  /** Nothing listens: connections are refused (the request cannot have been sent). Applies to every method. */
  | { kind: 'down' }
  /** Forward, let the remote handle it, then cut the connection before the answer. */
  | ({ kind: 'drop_response' } & Strip)
  /**
   * Forward, then hold the answer back for `ms` (past the client's timeout). With `beforeForward`
   * the request is held instead, and never forwarded if the client has gone by then.
   */
  | ({ kind: 'delay'; ms: number; beforeForward?: boolean } & Strip)
  /**
   * Answer `status` without forwarding (or after forwarding, when `afterForward`), with `code` as
   * the error code (default INTERNAL); with `path`, only to requests whose path matches it (a
   * remote without some route), the others pass.
   */
  | ({ kind: 'status'; status: number; afterForward?: boolean; retryAfter?: string; code?: string; path?: RegExp } & Strip)
  /** Forward without the Idempotency-Key header: a remote that ignores it. */
  | { kind: 'strip_idempotency' };

/** One request the proxy received, updated as it goes on. */
export interface Seen {
  method: string;
  path: string;
  fault: Fault['kind'];
  /** The remote's status, once the request was forwarded and the remote answered. */
  remoteStatus?: number;
  /** What the client was answered (the remote's or an injected status); unset if it got none. */
  answered?: number;
}

export interface FaultProxy {
  url: string;
  setFault(fault: Fault, methods?: string[]): Promise<void>;
  /** Added to every forwarded request, in ms. */
  latencyMs: number;
  /** Requests seen, in arrival order. */
  seen: Seen[];
  /** Called synchronously right after an answer was handed to the client's connection. */
  onAnswer?: (seen: Seen) => void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let fault: Fault = { kind: 'pass' };
  let faultMethods: string[] | undefined;
  let server: Server | undefined;
  let port = 0;
  const sockets = new Set<Socket>();

  const forward = (req: IncomingMessage, body: Buffer, stripKey: boolean) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host };
      if (stripKey) delete headers['idempotency-key'];
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });

  function injected(res: ServerResponse, entry: Seen, status: number, retryAfter?: string, code = 'INTERNAL'): void {
    res.writeHead(status, { 'content-type': 'application/json', ...(retryAfter && { 'retry-after': retryAfter }) });
    res.end(JSON.stringify({ message: 'injected', requestId: 'proxy', error: { code } }));
    entry.answered = status;
    proxy.onAnswer?.(entry);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // 'close' before the answer was written: the client (or its whole process) went away.
    let clientGone = false;
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const pathMatches = fault.kind !== 'status' || !fault.path || fault.path.test(req.url ?? '');
    const active: Fault = (!faultMethods || faultMethods.includes(req.method ?? '')) && pathMatches ? fault : { kind: 'pass' };
    const entry: Seen = { method: req.method ?? '', path: req.url ?? '', fault: active.kind };
    proxy.seen.push(entry);
    if (proxy.latencyMs > 0) await sleep(proxy.latencyMs);
    if (active.kind === 'status' && !active.afterForward) return injected(res, entry, active.status, active.retryAfter, active.code);
    if (active.kind === 'delay' && active.beforeForward) {
      await sleep(active.ms);
      if (clientGone) return;
    }
    const strip = active.kind === 'strip_idempotency' || ('stripIdempotency' in active && active.stripIdempotency === true);
    let answer;
    try {
      answer = await forward(req, body, strip);
    } catch {
      res.socket?.destroy();
      return;
    }
    entry.remoteStatus = answer.status;
    if (active.kind === 'drop_response') {
      res.socket?.destroy();
      return;
    }
    if (active.kind === 'delay' && !active.beforeForward) await sleep(active.ms);
    if (active.kind === 'status') return injected(res, entry, active.status, active.retryAfter, active.code);
    if (clientGone) return;
    const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...headers } = answer.headers;
    res.writeHead(answer.status, headers);
    res.end(answer.body);
    entry.answered = answer.status;
    proxy.onAnswer?.(entry);
  }

  function listen(): Promise<void> {
    // A client that dies mid-request (a killed counter) must not become an unhandled rejection.
    const next = createServer((req, res) => void handle(req, res).catch(() => res.socket?.destroy()));
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        const address = next.address();
        if (address && typeof address === 'object') port = address.port;
        server = next;
        resolve();
      });
    });
  }

  async function stopListening(): Promise<void> {
    if (!server) return;
    const stopping = server;
    server = undefined;
    const closed = new Promise((resolve) => stopping.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  const proxy: FaultProxy = {
    url: '',
    latencyMs: 0,
    seen: [],
    async setFault(next, methods) {
      if (next.kind === 'down' && methods) throw new Error('fault-proxy: down refuses every connection, it cannot be per method');
      faultMethods = methods;
      fault = next;
      if (next.kind === 'down') await stopListening();
      else if (!server) await listen();
    },
    close: stopListening,
  };
  await listen();
  proxy.url = `http://127.0.0.1:${port}`;
  return proxy;
}
