import type { User } from '../domain/user';
import type { StoredApiKey } from '../infrastructure/api-key.repository';

/** An integration key as its administrator sees it: the value, decrypted, and its owner. */
export interface ApiKeyView {
  value: string;
  key: StoredApiKey;
  user: User;
}
