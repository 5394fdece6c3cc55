import { ApiKeyVault } from './api-key-vault';

describe('ApiKeyVault', () => {
  const sut = new ApiKeyVault('h'.repeat(32), 'e'.repeat(32));

  it('round-trips a key through encryption without storing it in clear', () => {
    const stored = sut.encrypt('vik_secret-value');
    expect(stored).not.toContain('vik_secret-value');
    expect(sut.decrypt(stored)).toBe('vik_secret-value');
  });

  it('hashes deterministically, and differently under another secret', () => {
    expect(sut.hash('k')).toBe(sut.hash('k'));
    expect(new ApiKeyVault('x'.repeat(32), 'e'.repeat(32)).hash('k')).not.toBe(sut.hash('k'));
  });

  it('refuses tampered ciphertext', () => {
    const [v, iv, tag, data] = sut.encrypt('vik_value').split('.');
    const tampered = [v, iv, tag, Buffer.from('other').toString('base64') + data].join('.');
    expect(() => sut.decrypt(tampered)).toThrow();
  });
});
