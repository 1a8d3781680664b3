/**
 * Loaded into the benchmarked `serve` with `--import` (server-process.ts, `timeRequests`): writes
 * how long the server itself took for each request, from Node's `request` event (the headers
 * parsed) to `finish` (the last byte handed to the kernel), one line in ms per request, to file
 * descriptor 3. The client's own timing adds the round trip on loopback and any wait before the
 * server reads the request: the two side by side show where a list's p99 goes.
 *
 * Plain JavaScript: the built serve runs without tsx, and loading it here would slow its start.
 */
import http from 'node:http';
import { writeSync } from 'node:fs';

const TIMES_FD = 3;
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function (event, request, response) {
  if (event === 'request') {
    const started = process.hrtime.bigint();
    response.once('finish', () => writeSync(TIMES_FD, `${Number(process.hrtime.bigint() - started) / 1e6}\n`));
  }
  return emit.apply(this, arguments);
};
