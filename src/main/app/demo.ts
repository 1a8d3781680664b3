/** Seeding the demo: its logins, its events, and the cashier's grant to sell them. */
import type { AuditActor } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import { DEMO_EVENT_IDS, DEMO_LOGINS, demoEvents } from '../domain/demo.js';
import type { GrantService } from '../domain/grants.js';
import type { Importer } from '../domain/importer.js';
import type { UserService } from '../domain/users.js';

export interface DemoDeps {
  clock: Clock;
  users: UserService;
  importer: Importer;
  grants: GrantService;
}

/** Seeds the demo organizer, operator logins and events on `by`'s behalf; safe to run again (what exists already is not recorded again). */
export function seedDemo({ clock, users, importer, grants }: DemoDeps, by: AuditActor): typeof DEMO_LOGINS {
  for (const login of DEMO_LOGINS) {
    if (!users.findByEmail(login.email)) users.createBy(by, login);
  }
  const organizer = users.findByEmail(DEMO_LOGINS[0].email)!;
  const cashier = users.findByEmail(DEMO_LOGINS[1].email)!;
  importer.importEvents(demoEvents(clock()), organizer);
  for (const id of DEMO_EVENT_IDS) grants.grantBy(by, cashier, id, 'event:update');
  return DEMO_LOGINS;
}
