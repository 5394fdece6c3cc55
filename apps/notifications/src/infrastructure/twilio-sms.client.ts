import axios, { type AxiosError, type AxiosInstance } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkError } from 'axios-retry';
import type { SmsSender } from '../application/ports';

export interface SmsProviderConfig {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/**
 * SMS through a Twilio-compatible API: POST form `To`, `From`, `Body` to
 * `{url}/2010-04-01/Accounts/{sid}/Messages.json` with basic auth. Network
 * errors, 429 and 5xx are retried a few times here; the message worker
 * retries later still if all of them fail.
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
    axiosRetry(this.http, {
      retries: 3,
      retryDelay: (count, error) => exponentialDelay(count, error, 200),
      retryCondition: (error: AxiosError) => isNetworkError(error) || error.response?.status === 429 || (error.response?.status ?? 0) >= 500,
    });
  }

  async send(sms: { to: string; body: string }): Promise<void> {
    const form = new URLSearchParams({ To: sms.to, From: this.config.from, Body: sms.body });
    await this.http.post(`/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`, form.toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
