/**
 * The jobs the push may send next (outbox.due), as SQLite plans them: the pending and the unknown
 * ones each read along outbox_open in their order and merged, none sorted. The plan, not a timing:
 * read with `state in ('pending', 'unknown')`, SQLite sorted the jobs it found in a temporary
 * b-tree on every turn of the push.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type CounterDb } from '../../src/main/db/connection.js';
import { createOutbox } from '../../src/main/sync/outbox.js';
import { queryPlan } from '../support/db.js';
import { tempDir, type TempDir } from '../support/harness.js';

describe('the push’s next jobs, as SQLite plans them', () => {
  let dir: TempDir;
  let database: CounterDb;
  afterEach(() => {
    database?.close();
    dir?.remove();
  });

  it('are read in their order along outbox_open, both states merged, none sorted', () => {
    dir = tempDir();
    database = openDatabase(dir.path);
    const prepare = vi.spyOn(database.sqlite, 'prepare');
    const outbox = createOutbox(database.db, () => 0, () => undefined);
    outbox.due(4);
    const statements = prepare.mock.calls.map(([source]) => source).filter((source) => source.includes('"next_attempt_at" <='));
    prepare.mockRestore();
    expect(statements.length).toBeGreaterThan(0);
    for (const source of statements) {
      const plan = queryPlan(database.sqlite, source);
      expect(plan.filter((step) => step === 'SEARCH outbox USING INDEX outbox_open (state=?)'), source).toHaveLength(2);
      expect(plan, source).toContain('MERGE (UNION ALL)');
      expect(plan, source).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });
});
