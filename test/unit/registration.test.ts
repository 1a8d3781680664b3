import { describe, expect, it } from 'vitest';
import { Registration, isCalendarDate, isPastCalendarDate } from '../../src/shared/schemas/registration.js';

describe('isCalendarDate', () => {
  it.each(['1990-05-17', '2000-02-29', '2024-02-29', '1900-01-01', '2023-12-31'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    ['2023-02-29', 'not a leap year'],
    ['1900-02-29', 'century, not a leap year'],
    ['2023-02-30', 'no such day'],
    ['2023-04-31', 'April has 30 days'],
    ['2023-13-01', 'no month 13'],
    ['2023-00-10', 'no month 0'],
    ['2023-01-00', 'no day 0'],
    ['1899-12-31', 'before 1900'],
    ['2023-1-01', 'month not two digits'],
    ['23-01-01', 'year not four digits'],
    ['17-05-1990', 'day first'],
    ['1990/05/17', 'slashes'],
    ['1990-05-17T00:00:00Z', 'a timestamp'],
    [' 1990-05-17', 'padded'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('isPastCalendarDate', () => {
  const now = new Date('2026-03-10T08:00:00Z');

  it('accepts days strictly before today (UTC)', () => {
    expect(isPastCalendarDate('2026-03-09', now)).toBe(true);
    expect(isPastCalendarDate('1990-05-17', now)).toBe(true);
  });

  it('refuses today, the future and dates that do not exist', () => {
    expect(isPastCalendarDate('2026-03-10', now)).toBe(false);
    expect(isPastCalendarDate('2026-03-11', now)).toBe(false);
    expect(isPastCalendarDate('2025-02-29', now)).toBe(false);
  });

  it('compares in UTC: just after midnight UTC, yesterday UTC is past', () => {
    const midnight = new Date('2026-03-10T00:00:00.000Z');
    expect(isPastCalendarDate('2026-03-09', midnight)).toBe(true);
    expect(isPastCalendarDate('2026-03-10', midnight)).toBe(false);
  });
});

describe('Registration schema', () => {
  const valid = {
    name: 'Budi Santoso',
    email: 'budi@example.com',
    phone: '+6281234567890',
    gender: 'male',
    birthDate: '1990-05-17',
    identityNumber: '3171234567890123',
  };

  it('accepts a full registration, formData optional', () => {
    expect(Registration.safeParse(valid).success).toBe(true);
    expect(Registration.safeParse({ ...valid, formData: { size: 'L' } }).success).toBe(true);
  });

  it('trims the name', () => {
    expect(Registration.parse({ ...valid, name: '  Budi  ' }).name).toBe('Budi');
  });

  it('words the birth date errors in Indonesian, one for the format and one for the future', () => {
    const format = Registration.safeParse({ ...valid, birthDate: '1990-02-30' });
    const future = Registration.safeParse({ ...valid, birthDate: '2999-01-01' });
    expect(format.success || future.success).toBe(false);
    const messageOf = (result: typeof format) => result.error?.issues.find((i) => i.path[0] === 'birthDate')?.message;
    expect(messageOf(format)).toMatch(/YYYY-MM-DD/);
    expect(messageOf(future)).toMatch(/masa lalu/);
  });
});
