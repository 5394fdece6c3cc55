import { aDeliveryAttempt, aWebhook, overTheWire } from '../../test/factories';
import { CreatedWebhook, DeliveryAttempt, Webhook } from '../generated/notifications';
import { createdWebhookJson, CreatedWebhookView, deliveryAttemptJson, DeliveryAttemptView, webhookJson, WebhookView } from './webhook.view';

const webhook = {
  uuid: '0b1c2d3e-0000-4000-8000-000000000010',
  description: 'ATS',
  url: 'https://ats.example.com/hooks/interviews',
  http_auth: true,
  status: 'active',
  failing_since: null,
};

describe('webhookJson', () => {
  it('renders the webhook of the reference: http_auth says whether credentials are set; healthy: failing_since null', () => {
    const sut = webhookJson(overTheWire(Webhook, aWebhook()));
    expect(sut).toEqual(webhook);
    expect(WebhookView.parse(sut)).toEqual(sut);
  });

  it('a failing webhook says since when', () => {
    const sut = webhookJson(overTheWire(Webhook, aWebhook({ status: 'failing', failing_since: '2026-11-23T09:30:00+00:00' })));
    expect(sut).toMatchObject({ status: 'failing', failing_since: '2026-11-23T09:30:00+00:00' });
    expect(WebhookView.parse(sut)).toEqual(sut);
  });
});

describe('createdWebhookJson', () => {
  it('adds the signing secret, shown only in the answer to its creation', () => {
    const sut = createdWebhookJson(overTheWire(CreatedWebhook, { webhook: aWebhook(), secret: 'whsec_c2VjcmV0' }));
    expect(sut).toEqual({ ...webhook, secret: 'whsec_c2VjcmV0' });
    expect(CreatedWebhookView.parse(sut)).toEqual(sut);
  });
});

describe('deliveryAttemptJson', () => {
  it('renders an answered attempt', () => {
    const sut = deliveryAttemptJson(overTheWire(DeliveryAttempt, aDeliveryAttempt()));
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-000000000011',
      webhook_id: 'msg_2mNvYbD4',
      event_type: 'InterviewCompleted',
      attempt: 1,
      success: true,
      status_code: 200,
      duration_ms: 84,
      error: null,
      attempted_at: '2026-11-23T09:30:00+00:00',
      next_attempt_at: null,
    });
    expect(DeliveryAttemptView.parse(sut)).toEqual(sut);
  });

  it('an attempt that got no answer has status_code null, says why, and when the delivery is tried again', () => {
    const sut = deliveryAttemptJson(
      overTheWire(
        DeliveryAttempt,
        aDeliveryAttempt({ attempt: 3, success: false, status_code: undefined, error: 'connect ECONNREFUSED', next_attempt_at: '2026-11-23T10:00:00+00:00' }),
      ),
    );
    expect(sut).toMatchObject({ attempt: 3, success: false, status_code: null, error: 'connect ECONNREFUSED', next_attempt_at: '2026-11-23T10:00:00+00:00' });
    expect(DeliveryAttemptView.parse(sut)).toEqual(sut);
  });
});
