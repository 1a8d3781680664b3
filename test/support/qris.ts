/** A merchant's static QRIS code, as a venue is given one: EMVCo fields, a merchant account, its CRC. */
import { qrisCrc, qrisField as field } from '../../src/shared/qris.js';

export function staticQris(merchant = 'KONSER NUSANTARA'): string {
  const body = [
    field('00', '01'),
    field('01', '11'),
    field('26', field('00', 'ID.CO.QRIS.WWW') + field('01', '936008980000012345')),
    field('52', '7999'),
    field('53', '360'),
    field('58', 'ID'),
    field('59', merchant),
    field('60', 'JAKARTA'),
  ].join('');
  return `${body}6304${qrisCrc(`${body}6304`)}`;
}
