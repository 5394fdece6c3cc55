import { createHmac } from 'node:crypto';
import { SecretBox } from '@vi/platform-crypto';

/**
 * How API keys are kept: a keyed hash (HMAC-SHA256) to look a key up, and
 * AES-256-GCM ciphertext so an administrator can read the value back. Neither
 * is useful without the two secrets from config; the plain key is never stored.
 */
export class ApiKeyVault {
  private readonly box: SecretBox;

  constructor(
    private readonly hashSecret: string,
    encryptionSecret: string,
  ) {
    this.box = new SecretBox(encryptionSecret);
  }

  hash(apiKey: string): string {
    return createHmac('sha256', this.hashSecret).update(apiKey).digest('hex');
  }

  encrypt(apiKey: string): string {
    return this.box.seal(apiKey);
  }

  decrypt(stored: string): string {
    return this.box.open(stored);
  }
}
