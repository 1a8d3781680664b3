/**
 * A person's password is stored as salted scrypt at the counter's work factor; a hash at another
 * factor (what tests set, to make hundreds of users quickly) names it, and is checked at it. No
 * stored hash can ask for more work than the counter's own.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordAsync, PASSWORD_WORK, verifyPassword } from '../../src/main/domain/secrets.js';

describe('a password hash', () => {
  it("at the counter's work factor keeps the scheme every earlier hash has", async () => {
    const stored = hashPassword('kata sandi kasir');
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('kata sandi kasir', stored)).toBe(true);
    expect(await verifyPassword('kata sandi lain', stored)).toBe(false);
  });

  it('at a smaller factor names it and is checked at it', async () => {
    for (const stored of [hashPassword('kata sandi kasir', 1024), await hashPasswordAsync('kata sandi kasir', 1024)]) {
      expect(stored).toMatch(/^scrypt:1024\$/);
      expect(await verifyPassword('kata sandi kasir', stored)).toBe(true);
      expect(await verifyPassword('kata sandi lain', stored)).toBe(false);
      // The same salt and hash read at the counter's factor are another password's.
      expect(await verifyPassword('kata sandi kasir', stored.replace(/^scrypt:1024/, 'scrypt'))).toBe(false);
    }
  });

  it('naming more work than the counter does, or no power of two, matches nothing', async () => {
    const [, salt, hash] = hashPassword('kata sandi kasir', 1024).split('$');
    for (const scheme of [`scrypt:${PASSWORD_WORK * 2}`, 'scrypt:1000', 'scrypt:1', 'scrypt:', 'scrypt:0x400', 'scrypt:1024.0']) {
      expect(await verifyPassword('kata sandi kasir', `${scheme}$${salt}$${hash}`), scheme).toBe(false);
    }
  });
});
