import { generateWebhookSecret, signWebhook } from './signature';

describe('Standard Webhooks signature', () => {
  it('matches the specification example', () => {
    const sut = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(sut).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('changes with the id, the timestamp, the body and the secret', () => {
    const secret = generateWebhookSecret();
    const base = signWebhook(secret, 'id', 1, '{}');
    expect(signWebhook(secret, 'id2', 1, '{}')).not.toBe(base);
    expect(signWebhook(secret, 'id', 2, '{}')).not.toBe(base);
    expect(signWebhook(secret, 'id', 1, '{ }')).not.toBe(base);
    expect(signWebhook(generateWebhookSecret(), 'id', 1, '{}')).not.toBe(base);
  });

  it('makes secrets of whsec_ and 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});
