/**
 * The read thread's entry (read-thread.ts starts it): it opens its own read-only connection and
 * answers each read in turn, each from one snapshot of the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from '../db/connection.js';
import { threadError, type ReadReply, type ReadRequest, type ReadThreadData } from './read-messages.js';
import { createReads } from './reads.js';

const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread (read-thread.ts)');
const { file } = workerData as ReadThreadData;
const reader = openReader(file);
let publicBaseUrl = '';
const reads = createReads(reader.db, () => publicBaseUrl);

port.on('message', (request: ReadRequest) => {
  publicBaseUrl = request.publicBaseUrl;
  // Each read takes its own arguments; the request names the read and carries them.
  const answer = reads[request.read] as (...args: ReadRequest['args']) => unknown;
  let reply: ReadReply;
  try {
    reply = { id: request.id, value: reader.db.transaction(() => answer(...request.args)) };
  } catch (error) {
    reply = { id: request.id, error: threadError(error) };
  }
  port.postMessage(reply);
});
