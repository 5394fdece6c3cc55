import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * How API keys are kept: a keyed hash (HMAC-SHA256) to look a key up, and
 * AES-256-GCM ciphertext so an administrator can read the value back. Neither
 * is useful without the two secrets from config; the plain key is never stored.
 */
export class ApiKeyVault {
  private readonly encryptionKey: Buffer;

  constructor(
    private readonly hashSecret: string,
    encryptionSecret: string,
  ) {
    this.encryptionKey = createHash('sha256').update(encryptionSecret).digest();
  }

  hash(apiKey: string): string {
    return createHmac('sha256', this.hashSecret).update(apiKey).digest('hex');
  }

  encrypt(apiKey: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const ciphertext = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== 'v1') throw new Error(`Unknown API key ciphertext version ${version}`);
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
  }
}
