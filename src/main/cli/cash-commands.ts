/**
 * `session open|cash|close|report` and `report`: a cashier's shift from the command line, acting
 * as the cashier named by --email (the audit log names the command line), and the sales between
 * two instants as CSV.
 */
import { writeFileSync } from 'node:fs';
import { DENOMINATIONS } from '#shared/cash.js';
import { CashMovementBody, CashCountBody, ApproveCashSessionBody, CashReportQuery } from '#shared/schemas/cash-session.js';
import { InvoiceLayout } from '#shared/schemas/settings.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import { parseInstant } from '../domain/time.js';
import { renderCashReport } from '../invoice/cash-report-pdf.js';
import { cashReportCsv } from '../reports/cash-report-csv.js';
import { entriesCsv } from '../reports/entries-csv.js';
import type { Services } from '../services.js';
import { cliActor } from './actor.js';
import { print, readStdin, userByEmail, valid, type Values } from './commands.js';
import { UsageError, oneOf, required } from './usage.js';

/** The user named by --email, as the actor the domain checks. */
function actorOf(services: Services, values: Values): Actor {
  const user = userByEmail(services, required(values, 'email'));
  return { userId: user.id, role: user.role, name: user.name, credential: 'jwt' };
}

/** "n50000=2,c500=4" (shared/cash.ts names the denominations) as a count. */
function countOf(text: string) {
  const pairs = text.split(',').map((pair) => pair.trim().split('='));
  const count = Object.fromEntries(pairs.map(([key, n]) => [key, Number(n)]));
  return valid(CashCountBody, count, `count (denominations: ${DENOMINATIONS.map((d) => d.key).join(', ')})`);
}

/** What a file or stdout gets: the bytes, to --out when given. */
function output(values: Values, body: string | Buffer): void {
  const out = values.out;
  if (typeof out === 'string') {
    writeFileSync(out, body);
    print({ written: out });
  } else process.stdout.write(body);
}

export async function sessionCommand(services: Services, action: string | undefined, values: Values): Promise<void> {
  const { cashSessions } = services;
  if (action === 'open') return print(cashSessions.open(actorOf(services, values), { openingCount: countOf(required(values, 'count')) }, cliActor()));
  if (action === 'cash') {
    const body = valid(CashMovementBody, { kind: required(values, 'kind'), amount: required(values, 'amount'), reason: required(values, 'reason') }, 'session cash');
    return print(cashSessions.move(actorOf(services, values), required(values, 'id'), body, cliActor()));
  }
  if (action === 'close') {
    const actor = actorOf(services, values);
    const sessionId = required(values, 'id');
    if (typeof values.count === 'string') return print(cashSessions.count(actor, sessionId, { count: countOf(values.count) }, cliActor()));
    // A difference beyond the tolerance: the supervisor's approval PIN from stdin, never argv.
    const body = valid(ApproveCashSessionBody, { approval: { email: required(values, 'approver'), pin: await readStdin() }, reason: required(values, 'reason') }, 'session close');
    return print(await cashSessions.approve(actor, sessionId, body, cliActor()));
  }
  if (action === 'report') {
    const actor = actorOf(services, values);
    const sessionId = required(values, 'id');
    // --issue prints an X report as the counter issues one: numbered and kept.
    const report = values.issue
      ? cashSessions.issueX(actor, sessionId, cliActor())
      : cashSessions.report(actor, sessionId, valid(CashReportQuery, { xReport: values['x-report'] }, 'session report'));
    const format = oneOf(typeof values.format === 'string' ? values.format : 'json', ['json', 'csv', 'pdf'], 'format');
    if (format === 'json') return print(report);
    if (format === 'csv') return output(values, cashReportCsv(report));
    const layout = valid(InvoiceLayout, values.layout ?? services.settings.get().invoiceLayout, 'layout');
    return output(values, await renderCashReport(report, layout, services.settings.get().counterName));
  }
  throw new UsageError('session: expected open, cash, close or report');
}

/** `report --from ISO --to ISO --format csv`: every sale, refund and cash movement between them. */
export function reportCommand(services: Services, values: Values): void {
  oneOf(required(values, 'format'), ['csv'], 'format');
  const instant = (name: string) => {
    try {
      return parseInstant(required(values, name));
    } catch {
      throw new AppError('VALIDATION_FAILED', `--${name}: not an ISO instant with its offset (2026-12-01T00:00:00+07:00)`);
    }
  };
  output(values, entriesCsv(services.cashSessions.entriesBetween(instant('from'), instant('to'))));
}
