import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets kept in the database encrypted with a key that is not in it (docs/decisions/0044): the TOTP
 * secrets, which a database dump, a `pg_dump` or a backup archive would otherwise hand over in the clear.
 * AES-256-GCM, a fresh 96-bit IV each time, the row's identity as associated data (a sealed value copied
 * to another account's row does not open there). Stored as `v1:<base64url(iv | tag | ciphertext)>`.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or null when it was sealed with another key or for another row. */
  open(stored: string, context: string): string | null;
  /** Whether a stored value is sealed (an older process may have written one in the clear). */
  isSealed(stored: string): boolean;
}

const PREFIX = 'v1:';

/** The AES key from the configured key material: HKDF-SHA-256, one key per use (`info`). */
const deriveKey = (material: Buffer, info: string): Buffer =>
  Buffer.from(hkdfSync('sha256', material, 'pult-secret-box', info, 32));

export function secretBox(material: Buffer, info = 'totp-secret'): SecretBox {
  const key = deriveKey(material, info);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, context) {
      if (!stored.startsWith(PREFIX)) return stored;
      try {
        const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}

/** The key file the embedded default keeps beside the database when SECRETS_KEY is not set. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The key material: SECRETS_KEY when set (at least 32 characters; every process of one installation
 * must be given the same), else `DATA_DIR/secrets.key`, created on the first start with 256 random
 * bits and mode 0600, so a fresh embedded install works with no configuration.
 */
export function secretsKeyMaterial(env: { SECRETS_KEY?: string; dataDir: string }): Buffer {
  if (env.SECRETS_KEY) return Buffer.from(env.SECRETS_KEY, 'utf8');
  const file = join(env.dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(env.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}
