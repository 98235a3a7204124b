import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The websites' payment secrets at rest: AES-256-GCM (node:crypto), a fresh 12-byte IV per value,
 * stored as `v1:<iv>:<tag>:<ciphertext>` (base64). The 256-bit key is the SHA-256 of SECRETS_KEY
 * (config.secretsKey). A wrong key or a changed byte fails the tag check: nothing half-decrypts.
 */
const keyOf = (secret: string) => createHash('sha256').update(secret).digest();

export function encryptSecret(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decryptSecret(secret: string, stored: string): string {
  const [v, iv, tag, data] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('a payment secret is not in the encrypted form');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** What a browser may see of a secret: its last four characters. */
export const lastFour = (plaintext: string) => plaintext.slice(-4);
