import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, inFuture, interviewBody, seekerEmail } from '../interviews/interview-helpers';
import { SmsEndpoint, testPhone } from './notification-helpers';

describe('SMS retries', () => {
  let t: TestSystem;
  let sms: SmsEndpoint;

  beforeAll(async () => {
    sms = await new SmsEndpoint().start();
    t = await startTestSystem({
      SMS_PROVIDER_URL: sms.url,
      SMS_ACCOUNT_SID: 'AC_retry',
      SMS_AUTH_TOKEN: 'sms-auth-token',
      SMS_FROM: '+15005550006',
      MESSAGE_RETRY_SCHEDULE: '2s,2s',
    });
  });
  afterAll(async () => {
    await t.stop();
    await sms.close();
  });

  it('a failed send is retried once per step of the durable schedule, never by the HTTP client, with one idempotency token', async () => {
    const company = await companyWithJob(t, 'growth');
    const phone = testPhone();
    sms.reply = (n) => (n === 1 ? 500 : 201);
    await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        assigned_to: { name: 'Rita Retry', email: seekerEmail('retry'), phone: `(415) ${phone.slice(-7)}`, phone_parsed: phone },
        has_sms_consent: true,
        scheduled_at: inFuture(7 * 24 * 3600_000),
      }),
    );
    const delivered = await sms.next(phone, 2, 15_000);
    await settled(t);
    const attempts = sms.to(phone);
    expect(attempts.map((a) => a.status)).toEqual([500, 201]);
    // The second attempt is the schedule's (2 s after the attempt began, which is a little before the receiver
    // saw it: 1,897 ms apart was seen), not an immediate retry of the HTTP client (milliseconds apart).
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1_500);
    expect(attempts[0].idempotencyToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(delivered.idempotencyToken).toBe(attempts[0].idempotencyToken);
  });
});
