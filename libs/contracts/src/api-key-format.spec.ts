import { API_KEY_PREFIX, generateApiKey, hasValidChecksum, isPlausibleApiKey } from './api-key-format';

describe('API key format', () => {
  it('generates prefixed keys with a valid checksum, all different', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(key).toHaveLength(API_KEY_PREFIX.length + 38);
      expect(hasValidChecksum(key)).toBe(true);
    }
  });

  it('refuses a key with one character mistyped', () => {
    const key = generateApiKey();
    const i = API_KEY_PREFIX.length + 5;
    const typo = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(isPlausibleApiKey(typo)).toBe(false);
  });

  it('leaves keys of other shapes (operator-configured) to the lookup', () => {
    expect(isPlausibleApiKey('my-operator-bootstrap-key-123')).toBe(true);
    expect(isPlausibleApiKey('')).toBe(false);
  });
});
