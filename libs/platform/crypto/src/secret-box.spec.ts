import { SecretBox } from './index';

describe('SecretBox', () => {
  const sut = new SecretBox('k'.repeat(32));

  it('round-trips a secret without keeping it in clear, with a fresh IV each time', () => {
    const sealed = sut.seal('whsec_value');
    expect(sealed).not.toContain('whsec_value');
    expect(sealed).toMatch(/^v1\./);
    expect(sut.seal('whsec_value')).not.toBe(sealed);
    expect(sut.open(sealed)).toBe('whsec_value');
  });

  it('refuses another key and tampered ciphertext', () => {
    const sealed = sut.seal('value');
    expect(() => new SecretBox('o'.repeat(32)).open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    expect(() => sut.open([v, iv, tag, Buffer.from('x').toString('base64') + data].join('.'))).toThrow();
  });
});
