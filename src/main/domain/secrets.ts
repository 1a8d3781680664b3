import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import { randomBelow, randomBytesPooled } from './random-pool.js';

const SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const HASH_BYTES = 32;
/** scrypt in libuv's thread pool: the event loop goes on serving other requests meanwhile. */
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number, options: ScryptOptions) => Promise<Buffer>;

const scryptHash = (salt: Buffer, hash: Buffer) => `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;

/** A person's chosen password: salted scrypt, slow on purpose. On the calling thread: for seeding (the CLI, setup, tests). */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return scryptHash(salt, scryptSync(password, salt, HASH_BYTES, SCRYPT));
}

/** hashPassword off the event loop, for a request (a password change). */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16);
  return scryptHash(salt, await scryptAsync(password, salt, HASH_BYTES, SCRYPT));
}

let nobodysHash: Promise<string> | undefined;
/**
 * A scrypt hash of a random password nobody knows, made once (off the event loop too): a login for
 * an e-mail that is no operator's is checked against it, so that it costs what a wrong password costs.
 */
export function nobodysPasswordHash(): Promise<string> {
  nobodysHash ??= hashPasswordAsync(randomBytes(16).toString('base64url'));
  return nobodysHash;
}

/**
 * A machine-generated secret of 93 bits or more (the customer passwords the counter makes): a
 * salted SHA-256 suffices because such a secret cannot be guessed, and it keeps a sale from
 * spending scrypt's deliberately slow hashing.
 */
export function hashGeneratedSecret(secret: string): string {
  // From the pool: a sale that makes a buyer hashes one, and a call into crypto cost more than its 16 bytes.
  const salt = randomBytesPooled(16);
  const hash = createHash('sha256').update(salt).update(secret).digest();
  return `sha256$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Whether `password` is the one `stored` hashes; a scrypt hash is checked off the event loop. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(hashText, 'base64url');
  let actual: Buffer;
  if (scheme === 'scrypt') actual = await scryptAsync(password, salt, expected.length, SCRYPT);
  else if (scheme === 'sha256') actual = createHash('sha256').update(salt).update(password).digest();
  else return false;
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** API keys are looked up by hash, so the hash is unsalted; keys carry 256 random bits. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(): string {
  return `tck_${randomBytes(32).toString('base64url')}`;
}

/** 16 characters from an unambiguous alphabet of 57 (no 0/O, 1/l/I): 93 bits, easy to read aloud. */
export function newGeneratedPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 16 }, () => alphabet[randomBelow(alphabet.length)]).join('');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
