import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import { randomBelow, randomBytesPooled } from './random-pool.js';

/** scrypt's work factor (N) for a person's password. A test's services may choose a smaller one. */
export const PASSWORD_WORK = 16384;
const scryptOptions = (N: number): ScryptOptions => ({ N, r: 8, p: 1 });
const HASH_BYTES = 32;
/** scrypt in libuv's thread pool: the event loop goes on serving other requests meanwhile. */
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number, options: ScryptOptions) => Promise<Buffer>;

/** `scrypt$salt$hash` at PASSWORD_WORK, `scrypt:N$salt$hash` at another work factor. */
const scryptHash = (work: number, salt: Buffer, hash: Buffer) =>
  `${work === PASSWORD_WORK ? 'scrypt' : `scrypt:${work}`}$${salt.toString('base64url')}$${hash.toString('base64url')}`;

/** The work factor a stored scheme names; none above PASSWORD_WORK, so a stored hash cannot make a login costly. */
function workOf(scheme: string): number | undefined {
  if (scheme === 'scrypt') return PASSWORD_WORK;
  const work = Number(/^scrypt:(\d+)$/.exec(scheme)?.[1]);
  return Number.isInteger(work) && work >= 2 && work <= PASSWORD_WORK && (work & (work - 1)) === 0 ? work : undefined;
}

/** A person's chosen password: salted scrypt, slow on purpose. On the calling thread: for seeding (the CLI, setup, tests). */
export function hashPassword(password: string, work = PASSWORD_WORK): string {
  const salt = randomBytes(16);
  return scryptHash(work, salt, scryptSync(password, salt, HASH_BYTES, scryptOptions(work)));
}

/** hashPassword off the event loop, for a request (a password change). */
export async function hashPasswordAsync(password: string, work = PASSWORD_WORK): Promise<string> {
  const salt = randomBytes(16);
  return scryptHash(work, salt, await scryptAsync(password, salt, HASH_BYTES, scryptOptions(work)));
}

const nobodysHashes = new Map<number, Promise<string>>();
/**
 * A scrypt hash of a random password nobody knows, made once per work factor (off the event loop
 * too): a login for an e-mail that is no operator's is checked against it, so that it costs what a
 * wrong password costs.
 */
export function nobodysPasswordHash(work = PASSWORD_WORK): Promise<string> {
  let hash = nobodysHashes.get(work);
  if (!hash) nobodysHashes.set(work, (hash = hashPasswordAsync(randomBytes(16).toString('base64url'), work)));
  return hash;
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
  const work = scheme === undefined ? undefined : workOf(scheme);
  let actual: Buffer;
  if (work !== undefined) actual = await scryptAsync(password, salt, expected.length, scryptOptions(work));
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

/** `length` characters drawn uniformly from `alphabet` (at most 256 of them). */
export const randomCode = (alphabet: string, length: number): string => Array.from({ length }, () => alphabet[randomBelow(alphabet.length)]).join('');

/** 16 characters from an unambiguous alphabet of 57 (no 0/O, 1/l/I): 93 bits, easy to read aloud. */
export const newGeneratedPassword = (): string => randomCode('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789', 16);

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
