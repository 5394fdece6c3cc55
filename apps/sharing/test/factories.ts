import { randomUUID } from 'node:crypto';
import { renderVtt, type identity, type interviews, type transcription, type TranscriptJson } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { UserPrincipal, Caller } from '@vi/platform-grpc';
import type { IdentityDirectory, InterviewsDirectory, TranscriptsDirectory } from '../src/application/ports';
import { newShareLink, type LinkedInterview, type ShareLink } from '../src/domain/share-link';

/** Decision 027: sharing's domain objects and the messages it reads, with valid defaults; a spec states what matters. */

const AT = new Date('2026-01-01T09:00:00+00:00');

export function aLinkedInterview(overrides: Partial<LinkedInterview> = {}): LinkedInterview {
  return { uuid: randomUUID(), interviewUuid: randomUUID(), jobUuid: randomUUID(), jobTitle: 'Engineer', candidateName: 'Cara Candidate', ...overrides };
}

/** A live basic link of one interview. */
export function aBasicLink(overrides: Partial<ShareLink> = {}): ShareLink {
  const link = newShareLink({
    uuid: randomUUID(),
    kind: 'basic',
    companyUuid: randomUUID(),
    userUuid: randomUUID(),
    status: 'active',
    interviews: [aLinkedInterview()],
    now: AT,
  });
  return { ...link, ...overrides };
}

/** A live advanced link for a reviewer, of two interviews. */
export function anAdvancedLink(overrides: Partial<ShareLink> = {}): ShareLink {
  const link = newShareLink({
    uuid: randomUUID(),
    kind: 'advanced',
    companyUuid: randomUUID(),
    userUuid: randomUUID(),
    status: 'active',
    reviewer: { name: 'Rita Reviewer', email: 'rita@reviewers.example' },
    interviews: [aLinkedInterview(), aLinkedInterview()],
    now: AT,
  });
  return { ...link, ...overrides };
}

export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'administrator', userType: 'company_user', ...overrides };
}

export function aJobSeeker(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: null, role: null, userType: 'job_seeker', ...overrides };
}

/** An interview as the interviews service shows it to sharing: completed, one question, one take, and the call recordings given. */
export function aSharedInterview(
  overrides: Partial<interviews.Interview> = {},
  takes?: interviews.Take[],
  recordings: interviews.Recording[] = [],
): interviews.SharedInterview {
  const uuid = overrides.uuid ?? randomUUID();
  const question = randomUUID();
  return {
    interview: {
      uuid,
      type: 'one_way',
      status: 'completed',
      created_at: '2026-01-01T08:00:00+00:00',
      updated_at: '2026-01-01T09:00:00+00:00',
      scheduled_at: '2026-01-01T08:00:00+00:00',
      completed_at: '2026-01-01T09:00:00+00:00',
      evaluations_submitted: 0,
      evaluations_started: 0,
      accommodation_requests: [],
      job_post: {
        uuid: randomUUID(),
        title: 'Engineer',
        created_at: '',
        updated_at: '',
        status_updated_at: '',
        status: 'active',
        created_by: undefined,
        location: undefined,
      },
      assigned_to: { uuid: randomUUID(), name: `Candidate ${uuid.slice(0, 8)}`, email: 'cara@candidates.example', avatar: '' },
      company: { uuid: randomUUID(), name: 'Acme', avatar: '' },
      created_by: undefined,
      rating: undefined,
      share_link: undefined,
      questions: [
        {
          uuid: question,
          text: 'Why us?',
          completed: true,
          skipped: false,
          time_limit: 60,
          think_time: '30',
          unlimited_time: false,
          takes: undefined,
          created_at: '',
          updated_at: '',
        },
      ],
      timezone: 'UTC',
      language: 'en',
      ...overrides,
    },
    takes: takes ?? [
      { uuid: randomUUID(), question_uuid: question, number: 1, content_type: 'video/webm', size: 10, duration_seconds: 3, created_at: '', kind: 'video' },
    ],
    recordings,
  };
}

/** An ended recording of a live interview's call, as the interviews service shows it. */
export function aSharedRecording(overrides: Partial<interviews.Recording> = {}): interviews.Recording {
  return {
    uuid: randomUUID(),
    started_at: '2026-01-01T08:00:00+00:00',
    ended_at: '2026-01-01T08:30:00+00:00',
    duration_seconds: 1799.5,
    content_type: 'video/webm',
    size: 20,
    ...overrides,
  };
}

/** Identity as sharing sees it: plan features per company (none unless set), names from a table. */
export class IdentityTable implements IdentityDirectory {
  readonly features = new Map<string, Record<string, boolean>>();
  readonly names = new Map<string, string>();
  /** The companies whose plan was asked for, in order. */
  readonly planCalls: string[] = [];

  async planFeatures(_caller: Caller, companyUuid: string): Promise<Record<string, boolean>> {
    this.planCalls.push(companyUuid);
    return this.features.get(companyUuid) ?? {};
  }

  async summaries(_caller: Caller, userUuids: string[], companyUuids: string[]) {
    return {
      users: new Map(
        userUuids.map((uuid): [string, identity.UserSummary] => [
          uuid,
          { uuid, name: this.names.get(uuid) ?? `Person ${uuid.slice(0, 8)}`, email: `${uuid.slice(0, 8)}@people.example`, avatar: '' },
        ]),
      ),
      companies: new Map(
        companyUuids.map((uuid): [string, identity.CompanySummary] => [
          uuid,
          { uuid, name: this.names.get(uuid) ?? `Company ${uuid.slice(0, 8)}`, avatar: '' },
        ]),
      ),
    };
  }
}

/** The interviews service as sharing sees it: the interviews of each company, as they are now. */
export class InterviewsTable implements InterviewsDirectory {
  private readonly byCompany = new Map<string, Map<string, interviews.SharedInterview>>();

  /** Puts an interview (a new one, or its new state) in the company. */
  put(companyUuid: string, shared: interviews.SharedInterview): interviews.Interview {
    const interviews = this.byCompany.get(companyUuid) ?? new Map<string, interviews.SharedInterview>();
    interviews.set(shared.interview!.uuid, shared);
    this.byCompany.set(companyUuid, interviews);
    return shared.interview!;
  }

  remove(companyUuid: string, interviewUuid: string): void {
    this.byCompany.get(companyUuid)?.delete(interviewUuid);
  }

  async sharedInterviews(_caller: Caller, companyUuid: string, interviewUuids: string[], withTakes: boolean): Promise<interviews.SharedInterview[]> {
    const interviews = this.byCompany.get(companyUuid);
    return interviewUuids.flatMap((uuid) => {
      const found = interviews?.get(uuid);
      return found ? [{ interview: found.interview, takes: withTakes ? found.takes : [], recordings: withTakes ? found.recordings : [] }] : [];
    });
  }

  async *streamTakeVideo(_caller: Caller, request: interviews.SharedTakeVideoRequest): AsyncIterable<interviews.TakeVideoChunk> {
    const interviews = this.byCompany.get(request.company_uuid);
    const take = request.interview_uuids.flatMap((uuid) => interviews?.get(uuid)?.takes ?? []).find((t) => t.uuid === request.take_uuid);
    if (!take) throw new Error('take not found');
    yield { meta: { size: take.size, content_type: take.content_type, start: 0, end: take.size - 1 }, data: Buffer.alloc(take.size, 1) };
  }

  async *streamRecordingVideo(_caller: Caller, request: interviews.SharedRecordingVideoRequest): AsyncIterable<interviews.TakeVideoChunk> {
    const interviews = this.byCompany.get(request.company_uuid);
    const found = request.interview_uuids.flatMap((uuid) => interviews?.get(uuid)?.recordings ?? []).find((r) => r.uuid === request.recording_uuid);
    if (!found) throw new Error('recording not found');
    yield { meta: { size: found.size, content_type: found.content_type, start: 0, end: found.size - 1 }, data: Buffer.alloc(found.size, 2) };
  }
}

/**
 * Transcription as sharing sees it (decision 073): transcripts put per company, answered by GetSharedTranscripts'
 * rule (the company's, of the interviews asked, missing ones left out); `unreachable` makes every call fail as an
 * absent service does.
 */
export class TranscriptsTable implements TranscriptsDirectory {
  private readonly byCompany = new Map<string, transcription.SharedTranscript[]>();
  unreachable = false;
  readonly asked: Array<{ companyUuid: string; interviewUuids: string[] }> = [];

  put(companyUuid: string, interviewUuid: string, sourceUuid: string, body: TranscriptJson): transcription.SharedTranscript {
    const found = {
      interview_uuid: interviewUuid,
      source_uuid: sourceUuid,
      json: Buffer.from(JSON.stringify(body)),
      vtt: body.status === 'done' ? renderVtt(body.segments) : '',
    };
    this.byCompany.set(companyUuid, [...(this.byCompany.get(companyUuid) ?? []).filter((t) => t.source_uuid !== sourceUuid), found]);
    return found;
  }

  async sharedTranscripts(_caller: Caller, companyUuid: string, interviewUuids: string[]): Promise<transcription.SharedTranscript[]> {
    this.asked.push({ companyUuid, interviewUuids });
    if (this.unreachable) throw new AppError(ErrorKind.Unavailable, 'api.service_unavailable', 'The transcription service is unavailable; retry later');
    return (this.byCompany.get(companyUuid) ?? []).filter((t) => interviewUuids.includes(t.interview_uuid));
  }
}

/** A Transcript body (decision 073) of the given status: text and segments only when done. */
export function aTranscript(status: TranscriptJson['status'], text = 'I fixed a race in the scheduler.'): TranscriptJson {
  const done = status === 'done';
  return {
    status,
    language: 'en',
    text: done ? text : '',
    segments: done ? [{ start_ms: 0, end_ms: 2_500, text }] : [],
    updated_at: status === 'off' ? null : '2026-01-01T09:05:00+00:00',
  };
}
