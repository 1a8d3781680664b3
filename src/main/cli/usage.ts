/** A mistake in how a command was called: exit code 2, with the usage text. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `ticket-counter <command> [options]    (every command takes --data-dir DIR)

  serve [--host H] [--port P] [--demo]      run the local service and the counter UI (--demo: with
                                            demo logins, in a data dir of its own unless told)
  import --file F --owner EMAIL             import events with their ticket categories (JSON)
  user create --email E --name N --role R --password P
                                            R: super_admin | organizer | staff
  user password --email E                   a new password for the user, read from stdin; every login of the user ends
  user pin --email E                        an organizer's or owner's approval PIN (6-12 digits), read from stdin
  user grant --email E --event ID_OR_SLUG --permission P
                                            P: event:read | event:update | event:checkin
                                            (update implies read and checkin; checkin alone: the gate's check-in only)
  apikey create --email E --name N [--expires-at ISO] [--event ID_OR_SLUG --gate NAME]
                                            with --event and --gate: a gate device's key (check-in there only)
  apikey list --email E
  apikey revoke --email E --id KEY_ID
  settings                                  print the counter settings (JSON)
  settings set [--hold-window-minutes M] [--invoice-layout a4|receipt] [--offline-allotment-percent P]
               [--listen-host H] [--listen-port P] [--cors-origins URL,URL…]
               [--requests-per-minute-per-key N] [--requests-per-minute-per-address N]
               [--backup-interval-minutes M] [--backups-kept N]
               [--cash-rounding-rupiah 0|100|500|1000] [--cash-tolerance-rupiah N]
               [--counter-name NAME]        NAME: capitals, digits, dashes (LOKET-1), in invoice numbers
               [--printer-address HOST:PORT|/dev/…|cups:QUEUE] [--printer-paper-width 80|58]
               [--printer-codepage cp858|cp437] [--printer-auto-print true|false]
               [--printer-ticket-slips true|false] [--drawer-kick before|after|none]
               [--qris-payload TEXT] [--transfer-instructions TEXT]   for the customer display
  remote set --base-url URL [--owner EMAIL]  the remote to sync with; its API key is read from stdin
  remote show | remote test                 the remote (key masked) / whether URL and key work
  sync now                                  one sync round (pull, push), prints the status; exit 1 unless it got through
  sync status                               the sync status as JSON
  gate-list pull                            read the central service's tickets for the gates now; prints how many per event
  gate-list status                          the gate list's state as JSON
  demo                                      seed demo logins and events (idempotent)
  session open --email CASHIER --count n50000=2,c500=4
                                            open the cashier's shift with its float by denomination
                                            (n100000 n50000 n20000 n10000 n5000 n2000 n1000 c1000 c500 c200 c100)
  session cash --email CASHIER --id SESSION --kind cash_in|cash_out --amount A --reason R
  session close --email CASHIER --id SESSION --count …     the blind count; closes within the tolerance
  session close --email CASHIER --id SESSION --approver EMAIL --reason R
                                            a supervisor approves the difference; its approval PIN from stdin
  session report --email READER --id SESSION [--issue | --x-report N] [--format json|csv|pdf] [--layout a4|receipt] [--out FILE]
                                            the Z report, or the X report so far; --issue issues a numbered X report, --x-report N reads one
  report --from ISO --to ISO --format csv [--out FILE]
                                            every sale, refund and cash movement between two instants
  backup --out FILE                         online backup of the database (serve also writes them on a timer into backups/)
  restore --file F                          replace the database by a backup, all or nothing (serve stopped); nothing is replicated twice

Data dir: --data-dir, else $TICKET_COUNTER_DATA_DIR, else the OS app-data folder.
Exit codes: 0 success, 1 error, 2 usage error.`;

export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.length === 0) throw new UsageError(`--${name} is required`);
  return value;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}
