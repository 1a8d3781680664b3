/**
 * QRIS, Indonesia's standard payment QR code (EMVCo Merchant-Presented Mode): a string of fields,
 * each a two-digit id, a two-digit length and the value, ending in a CRC. A merchant is given a
 * static code (any amount, typed by the payer); the customer display shows it with the amount to
 * pay written in (field 54), so that the payer's app fills it in: what dynamic QRIS codes do.
 */

/** CRC-16/CCITT-FALSE (polynomial 0x1021, from 0xFFFF), as four capital hex digits: field 63's value. */
export function qrisCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field as written: its id, its length in two digits, its value. */
export const qrisField = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

interface Field {
  id: string;
  value: string;
}

/** The fields of a payload, or undefined when it is not a whole, well-formed QRIS string with a right CRC. */
function fieldsOf(payload: string): Field[] | undefined {
  const fields: Field[] = [];
  for (let at = 0; at < payload.length; ) {
    const head = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return undefined;
    const length = Number(head.slice(2));
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) return undefined;
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  const crc = fields.at(-1);
  const wellFormed = fields[0]?.id === '00' && crc?.id === '63' && crc.value.length === 4 && fields.some((f) => f.id === '26' || f.id === '51');
  return wellFormed && qrisCrc(payload.slice(0, -4)) === crc!.value.toUpperCase() ? fields : undefined;
}

/** The merchant's name written in the code (field 59), as the payer's app shows it. */
export const qrisMerchantName = (payload: string): string | undefined => fieldsOf(payload)?.find((f) => f.id === '59')?.value;

/**
 * The demo's QRIS code: well formed, so that the counter and the display show a code with the
 * amount, but for a merchant account that is no one's, named so that no one pays it.
 */
export const SAMPLE_QRIS = staticQris('CONTOH DEMO JANGAN BAYAR', '936000000000000000');

/** A merchant's static code (any amount) for its name and account, as a venue is given one. */
export function staticQris(merchant: string, account: string): string {
  const body = [
    qrisField('00', '01'),
    qrisField('01', '11'),
    qrisField('26', qrisField('00', 'ID.CO.QRIS.WWW') + qrisField('01', account)),
    qrisField('52', '7999'),
    qrisField('53', '360'),
    qrisField('58', 'ID'),
    qrisField('59', merchant),
    qrisField('60', 'JAKARTA'),
  ].join('');
  return `${body}6304${qrisCrc(`${body}6304`)}`;
}

/** A merchant's QRIS code as a scanner reads it: well formed, with a merchant account and a right CRC. */
export const isQris = (payload: string): boolean => fieldsOf(payload) !== undefined;

/** The merchant's code with the amount to pay (in sen) written in: a code for one payment (field 01: 12). */
export function qrisForAmount(payload: string, sen: number): string {
  const fields = fieldsOf(payload);
  if (!fields) throw new Error('not a QRIS code');
  const kept = fields.filter((f) => !['01', '54', '63'].includes(f.id));
  const written = [{ id: '01', value: '12' }, { id: '54', value: sen % 100 === 0 ? String(sen / 100) : (sen / 100).toFixed(2) }];
  // Fields go in the order of their ids: the amount before the country (58).
  const ordered = [...kept, ...written].sort((a, b) => Number(a.id) - Number(b.id));
  const body = `${ordered.map((f) => qrisField(f.id, f.value)).join('')}6304`;
  return `${body}${qrisCrc(body)}`;
}
