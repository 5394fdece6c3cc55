import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { Transcript } from '../src/domain/transcript';

/** A company user (a standard one unless said). */
export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'standard', userType: 'company_user', ...overrides };
}

/** A pending take transcript due at 2026-03-01T10:00Z. */
export function aTranscript(overrides: Partial<Transcript> = {}): Transcript {
  const at = new Date('2026-03-01T10:00:00.000Z');
  return {
    uuid: randomUUID(),
    companyUuid: randomUUID(),
    interviewUuid: randomUUID(),
    source: { kind: 'take', uuid: randomUUID(), questionUuid: randomUUID() },
    language: 'en',
    contentType: 'video/webm',
    status: 'pending',
    text: '',
    segments: [],
    attempts: 0,
    nextAttemptAt: at,
    leaseUntil: null,
    failure: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function aTake(overrides: Partial<interviews.Take> = {}): interviews.Take {
  return {
    uuid: randomUUID(),
    question_uuid: randomUUID(),
    number: 1,
    content_type: 'video/webm',
    size: 1000,
    duration_seconds: 12,
    created_at: '2026-03-01T09:00:00+00:00',
    kind: 'video',
    ...overrides,
  };
}

export function aRecording(overrides: Partial<interviews.Recording> = {}): interviews.Recording {
  return {
    uuid: randomUUID(),
    started_at: '2026-03-01T09:00:00+00:00',
    ended_at: '2026-03-01T09:30:00+00:00',
    duration_seconds: 1800,
    content_type: 'video/webm',
    size: 1000,
    ...overrides,
  };
}
