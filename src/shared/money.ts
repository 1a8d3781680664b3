/**
 * Money crosses every boundary as a decimal string ("150000" or "150000.00") and is computed in
 * integer minor units (sen): floats never touch an amount.
 */
const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * The largest amount the counter takes where money enters it: a ticket's price or flat fee (Rp 100
 * juta), and cash handed over (Rp 1 miliar). Far above any festival's ticket, and far enough below
 * the sen a JavaScript number holds exactly (about Rp 90 triliun) that a season's sums stay exact.
 */
export const MAX_PRICE_RUPIAH = 100_000_000;
export const MAX_TENDERED_RUPIAH = 1_000_000_000;

/** Whether a decimal string is at most `rupiah`. */
export const atMost = (rupiah: number) => (value: string) => !isDecimalString(value) || toMinor(value) <= rupiah * 100;

export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

export function toMinor(value: string): number {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

export function fromMinor(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount: ${minor}`);
  const units = Math.floor(minor / 100);
  const cents = minor % 100;
  return `${units}.${String(cents).padStart(2, '0')}`;
}

/** "Rp 150.000" (cents shown only when there are any), as printed on invoices and in the UI. */
export function formatRupiah(minor: number): string {
  const units = Math.floor(minor / 100);
  const cents = minor % 100;
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return cents === 0 ? `Rp ${grouped}` : `Rp ${grouped},${String(cents).padStart(2, '0')}`;
}

/** A difference, which may be negative ("-2500.00"): a shortfall in a drawer, a rounding down. */
export function fromMinorSigned(minor: number): string {
  return minor < 0 ? `-${fromMinor(-minor)}` : fromMinor(minor);
}

/** "-Rp 2.500" for a shortfall, as fromMinorSigned is read by people. */
export function formatRupiahSigned(minor: number): string {
  return minor < 0 ? `-${formatRupiah(-minor)}` : formatRupiah(minor);
}

/** The sen of a difference as fromMinorSigned writes it. */
export function toMinorSigned(value: string): number {
  return value.startsWith('-') ? -toMinor(value.slice(1)) : toMinor(value);
}
