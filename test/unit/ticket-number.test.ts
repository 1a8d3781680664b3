/** What a gate compares a scanned text with: the numbers it may carry (shared/ticket-number.ts). */
import { describe, expect, it } from 'vitest';
import { ticketLookupKey, ticketNumbersIn } from '../../src/shared/ticket-number.js';

describe('the ticket numbers a scanned text carries', () => {
  it('compares numbers in capitals, without spaces or dashes', () => {
    expect(ticketLookupKey(' et-8fq9 c6qkza ')).toBe('ET8FQ9C6QKZA');
    expect(ticketLookupKey('BS4A-ADXY')).toBe(ticketLookupKey('bs4a adxy'));
  });

  it('reads a URL by its last path segment and its ticket or code query value', () => {
    expect(ticketNumbersIn('https://central.example/qr/ET-8FQ9C6QKZA')).toEqual(['HTTPS://CENTRAL.EXAMPLE/QR/ET8FQ9C6QKZA', 'ET8FQ9C6QKZA']);
    expect(ticketNumbersIn('https://tiket.example/scan?code=et-8fq9c6qkza&lang=id')).toEqual(['HTTPS://TIKET.EXAMPLE/SCAN?CODE=ET8FQ9C6QKZA&LANG=ID', 'SCAN', 'ET8FQ9C6QKZA']);
    expect(ticketNumbersIn('HTTPS://T.EXAMPLE/V/?TICKET=ET%2D1')).toContain('ET1');
    expect(ticketNumbersIn('https://t.example/e/ET%201/')).toContain('ET1');
  });

  it('reads any other text as itself, and nothing from an empty one', () => {
    expect(ticketNumbersIn('ET-8FQ9C6QKZA')).toEqual(['ET8FQ9C6QKZA']);
    expect(ticketNumbersIn('not a url: ftp://x/y')).toEqual(['NOTAURL:FTP://X/Y']);
    expect(ticketNumbersIn('   ')).toEqual([]);
  });
});
