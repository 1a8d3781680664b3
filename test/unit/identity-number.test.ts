import { describe, expect, it } from 'vitest';
import { checkIdentityNumber, decodeIdentityNumber, maskIdentityNumber, registrationFromIdentityNumber } from '../../src/shared/identity-number.js';

describe('the NIK cross-check', () => {
  it('reads a man\'s date as DDMMYY and a woman\'s with 40 added to the day', () => {
    expect(decodeIdentityNumber('3171010302850002')).toEqual({ day: 3, month: 2, yy: 85, gender: 'male' });
    expect(decodeIdentityNumber('3171015705900001')).toEqual({ day: 17, month: 5, yy: 90, gender: 'female' });
  });

  it('finds nothing when date of birth and gender agree', () => {
    expect(checkIdentityNumber('3171015705900001', '1990-05-17', 'female')).toEqual([]);
    expect(checkIdentityNumber('3171013112990009', '1999-12-31', 'male')).toEqual([]);
  });

  it('names the date the NIK holds when the date of birth differs (day, month or year)', () => {
    for (const birthDate of ['1990-05-18', '1990-06-17', '1991-05-17']) {
      const [mismatch, ...rest] = checkIdentityNumber('3171015705900001', birthDate, 'female');
      expect(rest).toEqual([]);
      expect(mismatch?.field).toBe('birthDate');
      expect(mismatch?.message).toContain('17-05-90');
    }
  });

  it('says which gender the NIK shows when the gender differs', () => {
    expect(checkIdentityNumber('3171015705900001', '1990-05-17', 'male')).toEqual([
      { field: 'gender', message: 'NIK menunjukkan perempuan, tetapi jenis kelamin diisi laki-laki' },
    ]);
    // A man's NIK with a woman's gender: the day (17) cannot also be read as a woman's (57).
    expect(checkIdentityNumber('3171011705900001', '1990-05-17', 'female').map((m) => m.field)).toEqual(['gender']);
  });

  it('reports both at once, and a NIK whose date digits are no date', () => {
    expect(checkIdentityNumber('3171015705900001', '1980-01-01', 'male').map((m) => m.field)).toEqual(['birthDate', 'gender']);
    expect(checkIdentityNumber('3171013513900001', '1990-13-35', 'male')).toEqual([
      { field: 'birthDate', message: 'Angka tanggal lahir di NIK (digit 7–12) bukan tanggal yang valid' },
    ]);
  });

  it('stays silent until the NIK is complete, and checks what is there', () => {
    expect(checkIdentityNumber('31710157059', '1980-01-01', 'male')).toEqual([]);
    expect(checkIdentityNumber('3171015705900001', '', undefined)).toEqual([]);
    expect(checkIdentityNumber('3171015705900001', '', 'male').map((m) => m.field)).toEqual(['gender']);
  });
});

describe('the NIK mask', () => {
  it('keeps the first and last four digits of a NIK, and nothing of a number too short to keep any', () => {
    expect(maskIdentityNumber('3171015705900001')).toBe('3171********0001');
    expect(maskIdentityNumber('123456789')).toBe('1234*6789');
    expect(maskIdentityNumber('12345678')).toBe('********');
  });
});

describe('the registration a NIK fills in', () => {
  const today = new Date('2026-11-24T10:00:00+07:00');

  it('is the date of birth as on the card and the gender', () => {
    expect(registrationFromIdentityNumber('3171015705900042', today)).toEqual({ birthDate: '17-05-1990', gender: 'female' });
    expect(registrationFromIdentityNumber('3171010203850001', today)).toEqual({ birthDate: '02-03-1985', gender: 'male' });
  });

  it('takes the latest century that does not put the birth in the future', () => {
    expect(registrationFromIdentityNumber('3171010101100001', today)?.birthDate).toBe('01-01-2010');
    expect(registrationFromIdentityNumber('3171010101260001', today)?.birthDate).toBe('01-01-2026');
    expect(registrationFromIdentityNumber('3171010101270001', today)?.birthDate).toBe('01-01-1927');
  });

  it('is nothing for a partial NIK or one whose date digits name no date', () => {
    expect(registrationFromIdentityNumber('317101570590', today)).toBeUndefined();
    expect(registrationFromIdentityNumber('3171019913900001', today)).toBeUndefined();
  });
});
