/** QRIS codes: the CRC of the standard, a static code made one for an amount, a broken one refused. */
import { describe, expect, it } from 'vitest';
import { isQris, qrisCrc, qrisField as field, qrisForAmount } from '../../src/shared/qris.js';
const body = [field('00', '01'), field('01', '11'), field('26', field('00', 'ID.CO.QRIS.WWW')), field('53', '360'), field('58', 'ID'), field('59', 'LOKET')].join('');
const STATIC = `${body}6304${qrisCrc(`${body}6304`)}`;

describe('QRIS', () => {
  it('computes CRC-16/CCITT-FALSE (the check value of "123456789" is 29B1)', () => {
    expect(qrisCrc('123456789')).toBe('29B1');
  });

  it('writes the amount in before the country, marks the code for one payment, and signs it again', () => {
    const paid = qrisForAmount(STATIC, 7_687_550);
    expect(paid).toContain(`${field('01', '12')}`);
    expect(paid).toContain(`${field('53', '360')}${field('54', '76875.50')}${field('58', 'ID')}`);
    expect(isQris(paid)).toBe(true);
    expect(qrisForAmount(paid, 15_000_000)).toContain(field('54', '150000'));
  });

  it('refuses a code with a wrong CRC, a cut one, or one without a merchant account', () => {
    expect(isQris(`${STATIC.slice(0, -4)}0000`)).toBe(false);
    expect(isQris(STATIC.slice(0, -6))).toBe(false);
    const noMerchant = [field('00', '01'), field('58', 'ID')].join('');
    expect(isQris(`${noMerchant}6304${qrisCrc(`${noMerchant}6304`)}`)).toBe(false);
  });
});
