/** Seeding the demo: its logins, its events, the cashier's grant to sell them, and a sample QRIS code. */
import type { AuditActor } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import { DEMO_EVENT_IDS, DEMO_LOGINS, demoEvents } from '../domain/demo.js';
import type { GrantService } from '../domain/grants.js';
import type { Importer } from '../domain/importer.js';
import type { SettingsChanges } from '../domain/settings-changes.js';
import type { UserService } from '../domain/users.js';
import { SAMPLE_QRIS } from '#shared/qris.js';
import type { SettingsStore } from '../settings/store.js';

export interface DemoDeps {
  clock: Clock;
  users: UserService;
  importer: Importer;
  grants: GrantService;
  settings: SettingsStore;
  settingsChanges: SettingsChanges;
}

/** Seeds the demo organizer, operator logins and events on `by`'s behalf; safe to run again (what exists already is not recorded again). */
export function seedDemo({ clock, users, importer, grants, settings, settingsChanges }: DemoDeps, by: AuditActor): typeof DEMO_LOGINS {
  for (const login of DEMO_LOGINS) {
    if (!users.findByEmail(login.email)) users.createBy(by, login);
  }
  const organizer = users.findByEmail(DEMO_LOGINS[0].email)!;
  const cashier = users.findByEmail(DEMO_LOGINS[1].email)!;
  importer.importEvents(demoEvents(clock()), organizer);
  for (const id of DEMO_EVENT_IDS) grants.grantBy(by, cashier, id, 'event:update');
  // A QRIS code to show, marked as a sample in its merchant's name (shared/qris.ts); a real one stays.
  if (!settings.get().qrisPayload) settingsChanges.change(by, { qrisPayload: SAMPLE_QRIS });
  return DEMO_LOGINS;
}
