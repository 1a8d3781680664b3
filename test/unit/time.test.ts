import { describe, expect, it } from 'vitest';
import { isTimeZone, parseInstant, toIso, zoneOffsetMinutes } from '../../src/main/domain/time.js';

const INSTANT = Date.UTC(2026, 11, 1, 12, 0, 0, 0); // 2026-12-01T12:00:00.000Z

describe('toIso', () => {
  it('renders UTC with an explicit +00:00 offset by default', () => {
    expect(toIso(INSTANT)).toBe('2026-12-01T12:00:00.000+00:00');
    expect(toIso(INSTANT, 'UTC')).toBe('2026-12-01T12:00:00.000+00:00');
  });

  it('renders Asia/Jakarta at +07:00, the wall-clock time there', () => {
    expect(toIso(INSTANT, 'Asia/Jakarta')).toBe('2026-12-01T19:00:00.000+07:00');
    expect(toIso(Date.UTC(2026, 11, 31, 20, 30), 'Asia/Jakarta')).toBe('2027-01-01T03:30:00.000+07:00');
  });

  it('keeps the instant: parsing the text gives the same milliseconds', () => {
    for (const zone of ['UTC', 'Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'America/New_York', 'Asia/Kolkata']) {
      for (const ms of [0, INSTANT, INSTANT + 123, Date.UTC(2026, 6, 1)]) expect(Date.parse(toIso(ms, zone))).toBe(ms);
    }
  });

  it('follows daylight saving and negative and half-hour offsets', () => {
    expect(toIso(Date.UTC(2026, 0, 15, 12), 'America/New_York')).toBe('2026-01-15T07:00:00.000-05:00');
    expect(toIso(Date.UTC(2026, 6, 15, 12), 'America/New_York')).toBe('2026-07-15T08:00:00.000-04:00');
    expect(toIso(INSTANT, 'Asia/Kolkata')).toBe('2026-12-01T17:30:00.000+05:30');
  });
});

describe('zoneOffsetMinutes', () => {
  it('is 420 for Asia/Jakarta all year and 0 for UTC', () => {
    expect(zoneOffsetMinutes(INSTANT, 'Asia/Jakarta')).toBe(420);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'Asia/Jakarta')).toBe(420);
    expect(zoneOffsetMinutes(INSTANT, 'UTC')).toBe(0);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Asia/Jakarta')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('parseInstant', () => {
  it('reads timestamps with offsets and bare dates as midnight UTC', () => {
    expect(parseInstant('2026-12-01T19:00:00.000+07:00')).toBe(INSTANT);
    expect(parseInstant('2026-12-01')).toBe(Date.UTC(2026, 11, 1));
  });

  it('throws a RangeError for text that is no time', () => {
    expect(() => parseInstant('tomorrow')).toThrow(RangeError);
  });

  it('gives, from its cache, the offset Intl gives for every minute across real changes of offset', () => {
    const fresh = (ms: number, timeZone: string) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      const minutes = match ? Number(match[2]) * 60 + Number(match[3]) : 0;
      return match?.[1] === '-' ? -minutes : minutes;
    };
    const changes: [string, string][] = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Europe/London', '2026-03-29T01:00:00Z'],
      // Half an hour of daylight saving, changing at a half hour of UTC.
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Asia/Kathmandu', '2026-06-01T00:00:00Z'],
    ];
    for (const [zone, around] of changes) {
      const centre = Date.parse(around);
      for (let ms = centre - 3 * 3_600_000; ms <= centre + 3 * 3_600_000; ms += 60_000) {
        expect(zoneOffsetMinutes(ms, zone), `${zone} at ${new Date(ms).toISOString()}`).toBe(fresh(ms, zone));
      }
    }
  });
});

