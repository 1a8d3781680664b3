/**
 * An operator's change of the counter settings (HTTP or CLI): applied to the settings store and
 * recorded in the audit log with each changed field's value before and after. Nothing in the
 * settings is secret, so the values are recorded as they are.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AuditDetails } from '#shared/schemas/audit.js';
import { Settings, type SettingsPatch } from '#shared/schemas/settings.js';
import type { SettingsStore } from '../settings/store.js';
import type { AuditActor, AuditLog } from './audit.js';

type Changes = AuditDetails<'settings.changed'>['changes'];

function changedFields(before: Settings, after: Settings): Changes {
  return Settings.keyof().options.filter((field) => !isDeepStrictEqual(before[field], after[field])).map((field) => ({ field, before: before[field], after: after[field] }));
}

export function createSettingsChanges(settings: SettingsStore, audit: AuditLog) {
  /** Applies `patch` on `by`'s behalf; answers the settings now in force. A change that changes nothing records nothing. */
  function change(by: AuditActor, patch: SettingsPatch): Settings {
    const { after } = audit.recorded(
      by,
      'settings.changed',
      () => settings.change(patch),
      ({ before, after }) => {
        const changes = changedFields(before, after);
        return changes.length > 0 ? { details: { changes } } : undefined;
      },
    );
    return after;
  }

  return { change };
}
export type SettingsChanges = ReturnType<typeof createSettingsChanges>;
