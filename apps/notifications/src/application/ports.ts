import type { OutboundResult } from '@vi/platform-http';
import type { WebhookRequest } from '../domain/webhook';

/** One attempt's outcome (`@vi/platform-http`'s sender answers it). */
export type AttemptResult = OutboundResult;

export interface WebhookSender {
  send(request: WebhookRequest): Promise<AttemptResult>;
}

/**
 * Isolation per endpoint: a concurrency limit and a circuit breaker. `run`
 * answers 'open' without calling `attempt` while the breaker is open.
 */
export interface EndpointGuards {
  run(endpoint: string, attempt: () => Promise<AttemptResult>): Promise<AttemptResult | 'open'>;
  /** Endpoints whose in-flight attempts are at the limit: not worth claiming more for now. */
  saturated(): string[];
  /** How long an open breaker stays open. */
  readonly openForMs: number;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invitation (RFC 5546 over email): the `.ics` text and its METHOD, which the MIME part names too. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** For file names and logs only. */
  kind: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

export interface SmsSender {
  /** False when no SMS provider is configured: SMS are then recorded as skipped. */
  readonly configured: boolean;
  /** One attempt; `idempotencyKey` is the same for every attempt at one message (the provider sends it once). */
  send(sms: { to: string; body: string; idempotencyKey: string }): Promise<void>;
}

export interface PlanDirectory {
  features(companyUuid: string): Promise<Record<string, boolean>>;
}

/** A company's active administrators (who hear of a candidate's accommodation request, issue 42), from identity. */
export interface AdministratorDirectory {
  administrators(companyUuid: string): Promise<Array<{ name: string; email: string }>>;
}

/** Encrypts what must be read back (signing secrets, basic-auth credentials). */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/**
 * Bearer links, asked of the services that own them at the moment a message or webhook goes out (decision 018):
 * notifications stores none. `null`: the owner no longer issues it (user or interview gone, interview over).
 */
export interface LinkIssuer {
  /** `null` too when `recipient` is no longer the user's address (decision 034). */
  setPasswordUrl(userUuid: string, recipient: string): Promise<string | null>;
  /** The candidate links of these interviews, in one call (decision 051); interviews that no longer issue one are left out. */
  candidateUrls(interviewUuids: string[]): Promise<Map<string, string>>;
  /** The URLs of these share links; links that do not exist are left out. */
  shareLinkUrls(linkUuids: string[]): Promise<Map<string, string>>;
}
