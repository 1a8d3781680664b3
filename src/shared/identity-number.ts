/**
 * What an Indonesian national identity number (NIK) says about its holder: its digits 7 to 12 are
 * the birth date as DDMMYY, with 40 added to the day for women. The counter compares them with
 * the date of birth and gender typed in and warns about a mismatch. It never refuses one: the
 * operator has the card in hand and may override (old cards, typing errors on the card itself).
 * And how much of a NIK is shown where the whole number is not needed (maskIdentityNumber).
 */
import type { Registration } from './schemas/registration.js';

export interface IdentityMismatch {
  field: 'birthDate' | 'gender';
  message: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date (DD-MM-YY) and gender a NIK encodes, or undefined when its date digits name no date. */
export function decodeIdentityNumber(nik: string): { day: number; month: number; yy: number; gender: Registration['gender'] } | undefined {
  if (!/^\d{16}$/.test(nik)) return undefined;
  const coded = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const gender = coded > 40 ? 'female' : 'male';
  const day = gender === 'female' ? coded - 40 : coded;
  if (day < 1 || day > 31 || month < 1 || month > 12) return undefined;
  return { day, month, yy, gender };
}

/**
 * The date of birth (DD-MM-YYYY, as typed from the card) and gender a NIK encodes, for the form to
 * fill in for the operator to confirm. The year has two digits: the latest century that does not
 * put the birth after `today`.
 */
export function registrationFromIdentityNumber(nik: string, today: Date): { birthDate: string; gender: Registration['gender'] } | undefined {
  const decoded = decodeIdentityNumber(nik);
  if (!decoded) return undefined;
  const thisYear = today.getFullYear();
  const year = 2000 + decoded.yy <= thisYear ? 2000 + decoded.yy : 1900 + decoded.yy;
  return { birthDate: `${pad(decoded.day)}-${pad(decoded.month)}-${year}`, gender: decoded.gender };
}

/** The mismatches between a NIK and the date of birth and gender given with it (none when they agree). */
export function checkIdentityNumber(nik: string, birthDate: string, gender: Registration['gender'] | undefined): IdentityMismatch[] {
  if (!/^\d{16}$/.test(nik)) return [];
  const decoded = decodeIdentityNumber(nik);
  if (!decoded) return [{ field: 'birthDate', message: 'Angka tanggal lahir di NIK (digit 7–12) bukan tanggal yang valid' }];
  const mismatches: IdentityMismatch[] = [];
  const given = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (given) {
    const [year, month, day] = [Number(given[1]), Number(given[2]), Number(given[3])];
    if (day !== decoded.day || month !== decoded.month || year % 100 !== decoded.yy) {
      mismatches.push({
        field: 'birthDate',
        message: `NIK menunjukkan tanggal lahir ${pad(decoded.day)}-${pad(decoded.month)}-${pad(decoded.yy)}, berbeda dengan yang diisi (${pad(day)}-${pad(month)}-${pad(year % 100)})`,
      });
    }
  }
  if (gender && gender !== decoded.gender) {
    mismatches.push({
      field: 'gender',
      message: `NIK menunjukkan ${decoded.gender === 'female' ? 'perempuan' : 'laki-laki'}, tetapi jenis kelamin diisi ${gender === 'female' ? 'perempuan' : 'laki-laki'}`,
    });
  }
  return mismatches;
}

/**
 * "3171********0001": enough to compare with the card in hand, and all that a gate, an order list,
 * a reader without event:update or the audit log ever gets of a NIK.
 */
export function maskIdentityNumber(identityNumber: string): string {
  if (identityNumber.length <= 8) return '*'.repeat(identityNumber.length);
  return `${identityNumber.slice(0, 4)}${'*'.repeat(identityNumber.length - 8)}${identityNumber.slice(-4)}`;
}
