/** A merchant's static QRIS code, as a venue is given one (shared/qris.ts), for a merchant of the tests. */
import { staticQris as merchantQris } from '../../src/shared/qris.js';

export const staticQris = (merchant = 'KONSER NUSANTARA'): string => merchantQris(merchant, '936008980000012345');
