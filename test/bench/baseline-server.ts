/**
 * The baseline: a bare Fastify route doing one SQLite insert into a simple table, with the same
 * pragmas as the counter's database (WAL, synchronous=FULL, ...), on a fresh database file. It
 * prints `listening on URL` like `serve`, so the benchmark starts and measures both the same way.
 *
 *   node --import tsx test/bench/baseline-server.ts --data-dir DIR
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { applyPragmas, keepStatementJournalsInMemory } from '../../src/main/db/connection.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
mkdirSync(dataDir, { recursive: true });

const sqlite = new Database(join(dataDir, 'baseline.db'));
applyPragmas(sqlite);
keepStatementJournalsInMemory(sqlite);
sqlite.exec('create table if not exists entries (id integer primary key, body text not null, created_at integer not null)');
const insert = sqlite.prepare('insert into entries (body, created_at) values (?, ?)');

const app = Fastify({ logger: { level: 'warn', stream: process.stderr } });
app.post('/entries', async (request, reply) => {
  const { lastInsertRowid } = insert.run(JSON.stringify(request.body), Date.now());
  return reply.code(201).send({ id: Number(lastInsertRowid) });
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`listening on http://127.0.0.1:${port}\n`);

const shutdown = async () => {
  await app.close();
  sqlite.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
