import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AI API keys at rest: AES-256-GCM under a key derived from APP_SECRET (HKDF-SHA256, its own
 * `info` so no other use of the secret shares it), a fresh 12-byte iv per key. The tag makes a
 * changed row fail to decrypt instead of yielding a wrong key.
 */
export interface SealedKey {
  cipher: string;
  iv: string;
  tag: string;
}

const INFO = 'bumps ai provider keys v1';

const keyOf = (appSecret: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), INFO, 32));

export function sealKey(appSecret: string, apiKey: string): SealedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
  return {
    cipher: sealed.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

export function openKey(appSecret: string, sealed: SealedKey): string {
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(appSecret),
    Buffer.from(sealed.iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.cipher, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}
