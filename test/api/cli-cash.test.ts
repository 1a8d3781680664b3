/**
 * A shift from the command line: open with a float, a safe drop, a blind count beyond the
 * tolerance, the supervisor's password from stdin, the Z report as JSON, CSV and PDF, and the
 * entries between two instants; what the CLI did the API shows, and the audit log names the CLI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, startHarness, type TempDir } from '../support/harness.js';
import { runCli } from '../support/serve.js';

describe('ticket-counter session and report', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());
  const cli = (args: string[], input?: string) => runCli([...args, '--data-dir', dir.path], input);
  const json = async (args: string[], input?: string) => {
    const result = await cli(args, input);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    return JSON.parse(result.stdout);
  };

  // Fifteen command-line processes, each starting TypeScript: minutes on a loaded two-core machine.
  it('opens, moves cash, counts blind, is approved, and reports', { timeout: 40_000 }, async () => {
    for (const [email, role] of [['kasir@cli.example', 'organizer'], ['sup@cli.example', 'super_admin']]) {
      expect((await cli(['user', 'create', '--email', email!, '--name', role!, '--role', role!, '--password', 'kata-sandi-panjang'])).code).toBe(0);
    }
    // The supervisor's approval PIN (docs/cash-sessions.md, Approvals), from stdin.
    expect(await json(['user', 'pin', '--email', 'sup@cli.example'], '135790\n')).toMatchObject({ approvalPinSet: true });
    const session = await json(['session', 'open', '--email', 'kasir@cli.example', '--count', 'n50000=2,c500=4']);
    expect(session).toMatchObject({ status: 'open', openingFloat: '102000.00' });
    const id = session.id as string;

    await json(['session', 'cash', '--email', 'kasir@cli.example', '--id', id, '--kind', 'cash_out', '--amount', '50000', '--reason', 'Setor ke brankas']);
    // An X report issued mid-shift is numbered and read back unchanged.
    const x = await json(['session', 'report', '--email', 'kasir@cli.example', '--id', id, '--issue']);
    expect(x).toMatchObject({ kind: 'X', number: 1, cashOut: '50000.00', expectedCash: '52000.00' });
    expect(await json(['session', 'report', '--email', 'kasir@cli.example', '--id', id, '--x-report', '1'])).toEqual(x);

    const counted = await json(['session', 'close', '--email', 'kasir@cli.example', '--id', id, '--count', 'n50000=1']);
    expect(counted).toMatchObject({ expectedCash: '52000.00', countedCash: '50000.00', difference: '-2000.00', approvalRequired: true });
    const wrong = await cli(['session', 'close', '--email', 'kasir@cli.example', '--id', id, '--approver', 'sup@cli.example', '--reason', 'Dicek'], 'salah');
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: Persetujuan ditolak/) });
    const closed = await json(['session', 'close', '--email', 'kasir@cli.example', '--id', id, '--approver', 'sup@cli.example', '--reason', 'Dicek'], '135790\n');
    expect(closed).toMatchObject({ approvalRequired: false, session: { status: 'closed', reportNumber: 1 } });

    const z = await json(['session', 'report', '--email', 'kasir@cli.example', '--id', id]);
    expect(z).toMatchObject({ kind: 'Z', number: 1, cashOut: '50000.00', difference: '-2000.00', approvedBy: 'super_admin', approvalReason: 'Dicek' });
    const csv = await cli(['session', 'report', '--email', 'kasir@cli.example', '--id', id, '--format', 'csv']);
    expect(csv.stdout.split('\r\n')).toContain('kas,Selisih,,-2000.00');
    const pdfFile = join(dir.path, 'z.pdf');
    await json(['session', 'report', '--email', 'kasir@cli.example', '--id', id, '--format', 'pdf', '--out', pdfFile]);
    expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');

    const entries = await cli(['report', '--from', '2000-01-01T00:00:00+07:00', '--to', '2999-01-01T00:00:00+07:00', '--format', 'csv']);
    const lines = entries.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('waktu,sesi,kasir,jenis,metode,pesanan,kategori,nominal,pembulatan,referensi,alasan,oleh');
    expect(lines.slice(1).map((line) => line.split(',').slice(3, 8))).toEqual([['Kas keluar', 'Tunai', '', '', '50000.00']]);

    const h = await startHarness({ dataDir: dir.path });
    try {
      const entriesOfLog = h.services.database.sqlite.prepare("select action, credential from audit_log where action like 'cash_session.%' order by at").all();
      expect(entriesOfLog).toEqual([
        { action: 'cash_session.opened', credential: 'cli' },
        { action: 'cash_session.cash_moved', credential: 'cli' },
        { action: 'cash_session.x_report_issued', credential: 'cli' },
        { action: 'cash_session.counted', credential: 'cli' },
        { action: 'cash_session.closed', credential: 'cli' },
      ]);
    } finally {
      await h.close();
    }
  });
});
