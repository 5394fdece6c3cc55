import axios, { type AxiosInstance } from 'axios';
import type { SmsSender } from '../application/ports';

export interface SmsProviderConfig {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/**
 * SMS through a Twilio-compatible API: POST form `To`, `From`, `Body` to
 * `{url}/2010-04-01/Accounts/{sid}/Messages.json` with basic auth. One attempt per call: the message worker's
 * durable schedule (MESSAGE_RETRY_SCHEDULE) is the only retry, and every attempt at one message carries the same
 * `I-Twilio-Idempotency-Token`, so a provider that took a message whose answer we lost does not send it twice.
 */
export class TwilioSmsClient implements SmsSender {
  readonly configured = true;
  private readonly http: AxiosInstance;

  constructor(private readonly config: SmsProviderConfig) {
    this.http = axios.create({
      baseURL: config.url.replace(/\/$/, ''),
      timeout: 10_000,
      auth: { username: config.accountSid, password: config.authToken },
      maxRedirects: 0,
    });
  }

  async send(sms: { to: string; body: string; idempotencyKey: string }): Promise<void> {
    const form = new URLSearchParams({ To: sms.to, From: this.config.from, Body: sms.body });
    await this.http.post(`/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`, form.toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'i-twilio-idempotency-token': sms.idempotencyKey },
    });
  }
}

/** No provider configured: SMS are recorded as skipped. */
export const noSms: SmsSender = {
  configured: false,
  send: async () => {
    throw new Error('no SMS provider configured');
  },
};
