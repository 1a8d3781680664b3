/**
 * Secrets at rest. In the desktop app the shell keeps a data key protected by the OS keychain
 * (Electron safeStorage) and hands it to the service it starts (SECRET_KEY_ENV); secrets are then
 * stored AES-256-GCM encrypted under it. Plain Node (the CLI, browser mode) has no keychain: there
 * the database file's owner-only mode (0600, in a 0700 data dir) is the protection.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SECRET_KEY_ENV } from '#shared/shell-bridge.js';

const PREFIX = 'sealed:v1:';
const KEY_BYTES = 32;

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The plain secret; throws when the key is not the one it was sealed with or the value was altered. */
export function unseal(value: string, key: Buffer): string {
  const [iv, tag, sealed] = value.slice(PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/** The data key the shell passed in, if any (base64url, 32 bytes). */
export function sealingKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const raw = env[SECRET_KEY_ENV];
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64url');
  if (key.length !== KEY_BYTES) throw new Error(`${SECRET_KEY_ENV} must be ${KEY_BYTES} bytes, base64url`);
  return key;
}
