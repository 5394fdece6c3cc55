import { randomUUID } from 'node:crypto';
import type { interviews, jobs } from '@vi/contracts';
import type { Caller, UserPrincipal } from '@vi/platform-grpc';
import type { Callback, CallbackAttempt } from '../src/domain/callback';
import type { Order } from '../src/domain/order';

export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): Caller {
  return {
    principal: { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'administrator', userType: 'company_user', ...overrides },
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  const uuid = overrides.uuid ?? randomUUID();
  const at = new Date('2026-03-01T10:00:00.000Z');
  return {
    uuid,
    companyUuid: randomUUID(),
    createdBy: randomUUID(),
    ats: 'greenhouse',
    testUuid: randomUUID(),
    candidate: { name: 'Ada Lovelace', email: 'ada@example.com', phone: null },
    language: 'en',
    externalId: null,
    atsFields: {},
    callbackUrl: 'https://greenhouse.example/callback/1',
    interviewUuid: uuid,
    status: 'sent',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function aCallback(order: Order, overrides: Partial<Callback> = {}): Callback {
  return {
    uuid: randomUUID(),
    orderUuid: order.uuid,
    companyUuid: order.companyUuid,
    kind: 'completed',
    dueAt: new Date('2026-03-01T10:00:00.000Z'),
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    deliveredAt: null,
    givenUpAt: null,
    createdAt: new Date('2026-03-01T10:00:00.000Z'),
    ...overrides,
  };
}

export function anAttempt(callback: Callback, overrides: Partial<CallbackAttempt> = {}): CallbackAttempt {
  return {
    uuid: randomUUID(),
    callbackUuid: callback.uuid,
    orderUuid: callback.orderUuid,
    companyUuid: callback.companyUuid,
    ats: 'greenhouse',
    attemptedAt: new Date('2026-03-01T10:00:05.000Z'),
    statusCode: 503,
    error: 'HTTP 503',
    ...overrides,
  };
}

/** An active job with two open-interview questions: a test. */
export function aTestJob(overrides: Partial<jobs.Job> = {}): jobs.Job {
  return {
    uuid: randomUUID(),
    status: 'active',
    title: 'Backend engineer',
    description: 'Builds things',
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    status_updated_at: '2026-01-01T00:00:00+00:00',
    open_interview: {
      uuid: randomUUID(),
      link: 'http://localhost:8080/apply/x',
      expires_at: '2027-01-01T00:00:00+00:00',
      status: 'inactive',
      applications_per_day: 200,
      questions: [
        { uuid: randomUUID(), text: 'Why us?', time_limit: 60, takes: 2, think_time: '30' },
        { uuid: randomUUID(), text: 'A hard bug?', time_limit: 120, takes: 1, think_time: '30' },
      ],
    },
    ...overrides,
  } as jobs.Job;
}

/** An interview as interviews answers it without takes. */
export function anInterview(overrides: Partial<interviews.Interview> = {}): interviews.Interview {
  return {
    uuid: randomUUID(),
    status: 'completed',
    completed_at: '2026-03-02T09:00:00+00:00',
    rating: undefined,
    questions: [
      { uuid: randomUUID(), text: 'Why us?', completed: true },
      { uuid: randomUUID(), text: 'A hard bug?', completed: false },
    ],
    ...overrides,
  } as interviews.Interview;
}
