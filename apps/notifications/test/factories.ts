import { randomUUID } from 'node:crypto';
import {
  EvaluationsSubjects,
  IdentitySubjects,
  JobsSubjects,
  type CandidateNotice,
  type CommentEventPayload,
  type DecisionEventPayload,
  type TranscriptReadyPayload,
  type EvaluationEventPayload,
  type InterviewEventPayload,
  type UserEventPayload,
} from '@vi/contracts';
import type { BusMessage } from '@vi/platform-bus';
import type { Principal, UserPrincipal } from '@vi/platform-grpc';
import { toRfc3339 } from '@vi/platform-time';
import type { AttemptRow, NewDelivery, NewMessage, WebhookRow } from '../src/application/store';

/** Test data of the notifications service with valid defaults (decision 027): a spec names only what matters to it. */

export const T0 = new Date('2026-03-02T09:00:00+00:00');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'standard', userType: 'company_user', ...overrides };
}

export function aJobSeeker(): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: null, role: null, userType: 'job_seeker' };
}

/** A platform process acting on its own behalf (the admin CLI). */
export const anOperator: Principal = { kind: 'service', service: 'admin-cli' };

/** A webhook row as the repository stores it; the secret is "sealed" by `fakeSealer`. */
export function aWebhookRow(overrides: Partial<WebhookRow> = {}): WebhookRow {
  const at = overrides.created_at ?? T0;
  return {
    uuid: randomUUID(),
    company_uuid: randomUUID(),
    user_uuid: randomUUID(),
    description: 'Our ATS',
    url: 'https://hooks.example/receive',
    http_auth_ciphertext: null,
    secret_ciphertext: fakeSealer.seal('whsec_c2VjcmV0'),
    status: 'active',
    failing_since: null,
    disabled_at: null,
    failures_counted_from: at,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    ...overrides,
  };
}

/** The webhook a principal owns. */
export function aWebhookOf(owner: UserPrincipal, overrides: Partial<WebhookRow> = {}): WebhookRow {
  return aWebhookRow({ user_uuid: owner.userUuid, company_uuid: owner.companyUuid!, ...overrides });
}

export function aNewDelivery(overrides: Partial<NewDelivery> = {}): NewDelivery {
  return {
    uuid: randomUUID(),
    webhook_uuid: randomUUID(),
    event_id: randomUUID(),
    event_type: 'JobCreated',
    payload_type: 'Job',
    resource_uuid: randomUUID(),
    body: '{"uuid":"job"}',
    replay: false,
    next_attempt_at: T0,
    created_at: T0,
    ...overrides,
  };
}

export function anAttemptRow(overrides: Partial<AttemptRow> = {}): AttemptRow {
  return {
    uuid: randomUUID(),
    delivery_uuid: randomUUID(),
    webhook_uuid: randomUUID(),
    event_type: 'JobCreated',
    attempt: 1,
    succeeded: true,
    status_code: 200,
    duration_ms: 12,
    error: null,
    attempted_at: T0,
    ...overrides,
  };
}

export function aNewMessage(overrides: Partial<NewMessage> = {}): NewMessage {
  const uuid = overrides.uuid ?? randomUUID();
  return {
    uuid,
    dedupe_key: `${uuid}:set_password:pat@acme.example`,
    channel: 'email',
    kind: 'set_password',
    recipient: 'pat@acme.example',
    subject: 'Set your Video Interviewing password',
    text_body: 'Hello Pat, {{link}}',
    html_body: '<p>Hello Pat, <a href="{{link}}">set it</a></p>',
    interview_uuid: null,
    link_kind: null,
    link_subject: null,
    send_after: T0,
    created_at: T0,
    ...overrides,
  };
}

function aMessage(subject: string, payload: unknown, occurredAt = T0): BusMessage {
  return { id: randomUUID(), subject, payload, occurredAt: toRfc3339(occurredAt) };
}

/** `jobs.job.created` (or another job subject) of a company's job. */
export function aJobEvent(companyUuid: string, overrides: { jobUuid?: string; subject?: string } = {}): BusMessage {
  const uuid = overrides.jobUuid ?? randomUUID();
  return aMessage(overrides.subject ?? JobsSubjects.JobCreated, { uuid, title: 'Welder', company: { uuid: companyUuid, name: 'Acme', avatar: '' } });
}

/** An identity user event (UserCreated unless said otherwise) of a company user. */
export function aUserEvent(overrides: Partial<UserEventPayload> = {}, subject: string = IdentitySubjects.UserCreated): BusMessage {
  const payload: UserEventPayload = {
    uuid: randomUUID(),
    company_uuid: randomUUID(),
    type: 'company_user',
    role: 'standard',
    name: 'Pat',
    email: 'pat@acme.example',
    avatar: 'https://app.example/assets/default-avatar.svg',
    occurred_at: toRfc3339(T0),
    ...overrides,
  };
  return aMessage(subject, payload);
}

/**
 * An interview event as interviews publishes it: the interview (assigned to Sam, due `scheduledAt`) and, for
 * created, rescheduled and reset, the invitation details (SMS consent and a phone unless said otherwise).
 */
export function anInterviewEvent(
  subject: string,
  options: {
    interviewUuid?: string;
    companyUuid?: string;
    scheduledAt?: Date;
    type?: 'one_way' | 'live';
    /** The interview's `updated_at`: when the change the event tells was made (T0 unless said otherwise). */
    updatedAt?: Date;
    /** The company user who created it (Cory), or null when unknown. */
    createdBy?: { name: string; email: string } | null;
    invitation?: Partial<NonNullable<InterviewEventPayload['invitation']>> | null;
  } = {},
): BusMessage {
  const createdBy = options.createdBy === undefined ? { name: 'Cory', email: 'cory@acme.example' } : options.createdBy;
  const interview = {
    uuid: options.interviewUuid ?? randomUUID(),
    type: options.type ?? 'one_way',
    status: 'requested',
    scheduled_at: toRfc3339(options.scheduledAt ?? new Date(T0.getTime() + 3 * DAY)),
    updated_at: toRfc3339(options.updatedAt ?? T0),
    assigned_to: { uuid: randomUUID(), name: 'Sam', email: 'sam@seeker.example', avatar: '' },
    created_by: createdBy && { uuid: randomUUID(), avatar: '', ...createdBy },
    company: { uuid: options.companyUuid ?? randomUUID(), name: 'Acme', avatar: '' },
    job_post: { uuid: randomUUID(), title: 'Welder' },
    share_link: null,
  };
  const invitation =
    options.invitation === null
      ? undefined
      : {
          email_message: 'Welcome',
          timezone: 'UTC',
          scheduled_at_local: 'Thursday 5 March, 09:00',
          phone: '555 0101',
          phone_parsed: '+15550101',
          has_sms_consent: true,
          ...options.invitation,
        };
  return aMessage(subject, { interview, invitation });
}

const COUNTS = { evaluations_submitted: 1, evaluations_started: 2 };

/** `evaluations.evaluation.submitted` (decision 070): Una's submitted evaluation of an interview of the company. */
export function anEvaluationSubmittedEvent(companyUuid: string, interviewUuid: string = randomUUID()): BusMessage {
  const at = toRfc3339(T0);
  const payload: EvaluationEventPayload = {
    interview_uuid: interviewUuid,
    company_uuid: companyUuid,
    counts: COUNTS,
    evaluation: {
      uuid: randomUUID(),
      evaluator: { uuid: randomUUID(), name: 'Una', type: 'user' },
      status: 'submitted',
      recommendation: 'yes',
      overall_rating: 4,
      ratings: [],
      note: 'Clear answers',
      submitted_at: at,
      updated_at: at,
    },
  };
  return aMessage(EvaluationsSubjects.EvaluationSubmitted, payload);
}

/** `evaluations.decision.made`: Una's decision; `notify` puts the candidate's notice in (a reject that tells them). */
/** `transcription.transcript.ready` of a take of a company's interview (decision 073), done unless said otherwise. */
export function aTranscriptReadyEvent(companyUuid: string, overrides: Partial<TranscriptReadyPayload> = {}): BusMessage {
  const payload: TranscriptReadyPayload = {
    interview_uuid: randomUUID(),
    take_uuid: randomUUID(),
    recording_uuid: null,
    language: 'en',
    status: 'done',
    company_uuid: companyUuid,
    text: 'I ran Kubernetes clusters in production.',
    occurred_at: toRfc3339(T0),
    ...overrides,
  };
  return aMessage('transcription.transcript.ready', payload);
}

export function aDecisionEvent(
  companyUuid: string,
  options: { interviewUuid?: string; decision?: 'advance' | 'reject' | 'hold'; notify?: Partial<CandidateNotice> } = {},
): BusMessage {
  const payload: DecisionEventPayload = {
    interview_uuid: options.interviewUuid ?? randomUUID(),
    company_uuid: companyUuid,
    counts: COUNTS,
    decision: { decision: options.decision ?? 'reject', decided_by: { uuid: randomUUID(), name: 'Una' }, decided_at: toRfc3339(T0) },
    notify_candidate: options.notify
      ? { name: 'Sam', email: 'sam@seeker.example', language: 'en', company_name: 'Acme', job_title: 'Welder', message: null, ...options.notify }
      : null,
  };
  return aMessage(EvaluationsSubjects.DecisionMade, payload);
}

/** `evaluations.comment.created`: Una's comment at 3 s into a take, mentioning Mo. */
export function aCommentEvent(
  companyUuid: string,
  overrides: { comment?: Partial<CommentEventPayload['comment']>; mentions?: CommentEventPayload['mentions'] } = {},
): BusMessage {
  const mo = { uuid: randomUUID(), name: 'Mo', email: 'mo@acme.example' };
  const payload: CommentEventPayload = {
    interview_uuid: randomUUID(),
    company_uuid: companyUuid,
    counts: COUNTS,
    comment: {
      uuid: randomUUID(),
      author: { uuid: randomUUID(), name: 'Una', type: 'user' },
      text: 'Listen to this answer, @Mo',
      take_uuid: randomUUID(),
      recording_uuid: null,
      at_ms: 3000,
      mentions: [{ uuid: mo.uuid, name: mo.name }],
      created_at: toRfc3339(T0),
      ...overrides.comment,
    },
    mentions: overrides.mentions ?? [mo],
  };
  return aMessage(EvaluationsSubjects.CommentCreated, payload);
}

/** Live interviews' calendar settings (decision 041): who organizes, where a creator opens the interview. */
export const liveCalendar = {
  organizerEmail: 'no-reply@vi.example',
  interviewPageUrl: (interviewUuid: string) => `https://app.example/interview/${interviewUuid}/watch`,
};

/** Seals by marking (tests read what was sealed, and that the plain value is not what is stored). */
export const fakeSealer = {
  seal: (plaintext: string) => `sealed:${Buffer.from(plaintext).toString('base64')}`,
  open: (sealed: string) => Buffer.from(sealed.replace(/^sealed:/, ''), 'base64').toString(),
};
