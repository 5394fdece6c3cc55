import { randomUUID } from 'node:crypto';
import type {
  BasicShareLinkWithoutUrl,
  identity,
  InterviewJson,
  interviews,
  JobEventPayload,
  jobs,
  ShareLinkEventPayload,
  UserEventPayload,
} from '@vi/contracts';
import type { BusMessage } from '@vi/platform-bus';
import type { Principal, UserPrincipal, Caller } from '@vi/platform-grpc';
import type { IdentityDirectory, JobsDirectory } from '../src/application/ports';
import { NO_ACCOMMODATIONS } from '../src/domain/accommodations';
import { newQuestion, NO_EVALUATIONS, type Interview, type InterviewQuestion } from '../src/domain/interview';
import type { QuestionSet, QuestionSetQuestion } from '../src/domain/question-set';
import type { ChatMessage } from '../src/domain/chat';
import type { Recording } from '../src/domain/recording';
import type { Take } from '../src/domain/take';
import type { CompanyRow, JobPostRow, PersonRow } from '../src/application/store';

/** Decision 027: interviews' domain objects and rows with valid defaults, so that a spec states only what matters to it. */

/** When the factories' objects were made; specs' clocks start here (`new FakeClock(AT)`). */
export const AT = new Date('2026-03-02T09:00:00+00:00');
const DAY_MS = 24 * 3600 * 1000;

/** A requested one-way interview, due a week after AT. */
export function anInterview(overrides: Partial<Interview> = {}): Interview {
  return {
    uuid: randomUUID(),
    companyUuid: randomUUID(),
    type: 'one_way',
    status: 'requested',
    scheduledAt: new Date(AT.getTime() + 7 * DAY_MS),
    completedAt: null,
    acceptedAt: null,
    rating: null,
    ratedBy: null,
    ratedAt: null,
    timezone: 'Europe/Paris',
    language: 'en',
    emailMessage: 'Please record your answers.',
    phone: null,
    phoneParsed: null,
    hasSmsConsent: false,
    jobUuid: randomUUID(),
    candidateUuid: randomUUID(),
    candidateName: 'Casey Candidate',
    createdBy: randomUUID(),
    createdAt: AT,
    updatedAt: AT,
    evaluations: NO_EVALUATIONS,
    source: { type: 'api', externalId: null },
    accommodations: NO_ACCOMMODATIONS,
    ...overrides,
  };
}

/** A question of `interview` (first position, 60 s, unlimited takes), nothing answered yet. */
export function aQuestion(interview: Pick<Interview, 'uuid'>, overrides: Partial<InterviewQuestion> = {}): InterviewQuestion {
  return { ...newQuestion(interview.uuid, 0, { text: 'Tell us about yourself.', timeLimit: 60, takes: -1 }, AT), ...overrides };
}

/** The first take of `question`: a 12.5 s WebM of 1 kB. */
export function aTake(question: Pick<InterviewQuestion, 'uuid' | 'interviewUuid'>, overrides: Partial<Take> = {}): Take {
  const uuid = overrides.uuid ?? randomUUID();
  return {
    uuid,
    interviewUuid: question.interviewUuid,
    questionUuid: question.uuid,
    number: 1,
    contentType: 'video/webm',
    size: 1024,
    durationSeconds: 12.5,
    storageKey: `${question.interviewUuid}/${uuid}.webm`,
    createdAt: AT,
    ...overrides,
  };
}

/** An ended recording of `interview`'s call: 95.5 s of WebM, 2 kB, from AT to AT + 96 s. */
export function aRecording(interview: Pick<Interview, 'uuid'>, overrides: Partial<Recording> = {}): Recording {
  const uuid = overrides.uuid ?? randomUUID();
  return {
    uuid,
    interviewUuid: interview.uuid,
    contentType: 'video/webm',
    state: 'ended',
    startedAt: AT,
    lastActivityAt: new Date(AT.getTime() + 96_000),
    endedAt: new Date(AT.getTime() + 96_000),
    durationSeconds: 95.5,
    parts: 0,
    size: 2048,
    storageKey: `${interview.uuid}/recordings/${uuid}.webm`,
    ...overrides,
  };
}

export function aChatMessage(interview: Pick<Interview, 'uuid'>, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    uuid: randomUUID(),
    interviewUuid: interview.uuid,
    number: 1,
    authorUuid: randomUUID(),
    authorName: 'Ada Lovelace',
    authorRole: 'candidate',
    text: 'My sound is gone: call me on +44 20 7946 0958',
    sentAt: AT,
    ...overrides,
  };
}

export function aQuestionSetQuestion(overrides: Partial<QuestionSetQuestion> = {}): QuestionSetQuestion {
  return { uuid: randomUUID(), position: 0, text: 'Why this role?', timeLimit: 120, takes: 2, thinkTime: '30', ...overrides };
}

export function aQuestionSet(overrides: Partial<QuestionSet> = {}): QuestionSet {
  return {
    uuid: randomUUID(),
    companyUuid: randomUUID(),
    name: 'Backend screening',
    createdAt: AT,
    updatedAt: AT,
    questions: [aQuestionSetQuestion()],
    ...overrides,
  };
}

/** The projection of an active job of `companyUuid`. */
export function aJobRow(overrides: Partial<JobPostRow> = {}): JobPostRow {
  return {
    uuid: randomUUID(),
    company_uuid: randomUUID(),
    title: 'Backend engineer',
    status: 'active',
    created_at: AT,
    updated_at: AT,
    status_updated_at: AT,
    created_by: null,
    location: null,
    video: null,
    ...overrides,
  };
}

export function aPerson(overrides: Partial<PersonRow> = {}): PersonRow {
  const uuid = overrides.uuid ?? randomUUID();
  return { uuid, name: `Person ${uuid.slice(0, 8)}`, email: `${uuid.slice(0, 8)}@people.example`, avatar: '', ...overrides };
}

export function aCompany(overrides: Partial<CompanyRow> = {}): CompanyRow {
  const uuid = overrides.uuid ?? randomUUID();
  return { uuid, name: `Company ${uuid.slice(0, 8)}`, avatar: '', ...overrides };
}

/** A basic share link as sharing's events carry it (no url). */
export function aBasicShareLink(overrides: Partial<BasicShareLinkWithoutUrl> = {}): BasicShareLinkWithoutUrl {
  return {
    uuid: randomUUID(),
    type: 'collaborative',
    status: 'active',
    created_at: AT.toISOString(),
    updated_at: AT.toISOString(),
    updated_by: null,
    ...overrides,
  };
}

/** What jobs' JobUpdated carries for the projected `job` (its title and times by default). */
export function aJobEvent(job: Pick<JobPostRow, 'uuid' | 'company_uuid'>, overrides: Partial<JobEventPayload> = {}): JobEventPayload {
  return {
    uuid: job.uuid,
    status: 'active',
    title: 'Backend engineer',
    created_at: AT.toISOString(),
    updated_at: AT.toISOString(),
    status_updated_at: AT.toISOString(),
    created_by: null,
    status_updated_by: null,
    company: { uuid: job.company_uuid, name: 'Acme', avatar: '' },
    location: null,
    open_interview: null,
    job_video: null,
    ...overrides,
  };
}

/** What identity's UserUpdated carries for `person`. */
export function aUserEvent(person: PersonRow, overrides: Partial<UserEventPayload> = {}): UserEventPayload {
  return { ...person, company_uuid: null, type: 'job_seeker', role: null, occurred_at: AT.toISOString(), ...overrides };
}

/** What sharing's events carry for a basic `link` of `interviewUuid` (version 1). */
export function aShareLinkEvent(interviewUuid: string, link: BasicShareLinkWithoutUrl, overrides: Partial<ShareLinkEventPayload> = {}): ShareLinkEventPayload {
  return {
    uuid: link.uuid,
    kind: 'basic',
    status: link.status,
    company: { uuid: randomUUID(), name: 'Acme' },
    interviews: [{ uuid: interviewUuid, job_title: null, candidate_name: null }],
    reviewer: null,
    send_email: false,
    created_by: null,
    updated_by: null,
    basic_link: link,
    occurred_at: AT.toISOString(),
    version: 1,
    ...overrides,
  };
}

export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'administrator', userType: 'company_user', ...overrides };
}

/** The job seeker of `interview`, acting through its candidate link. */
export function theCandidateOf(interview: Pick<Interview, 'uuid' | 'candidateUuid'>): UserPrincipal {
  return { kind: 'user', userUuid: interview.candidateUuid, companyUuid: null, role: null, userType: 'job_seeker', interviewUuid: interview.uuid };
}

/** A company user of `interview`'s company. */
export function aUserOfCompany(companyUuid: string, overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return aCompanyUser({ companyUuid, ...overrides });
}

export function aCaller(principal: UserPrincipal = aCompanyUser()): Caller {
  return { principal };
}

/** The admin CLI (an operator). */
export const OPERATOR: Principal = { kind: 'service', service: 'admin' };

export function aBusMessage<P>(subject: string, payload: P, overrides: Partial<BusMessage<P>> = {}): BusMessage<P> {
  return { id: randomUUID(), subject, occurredAt: AT.toISOString(), payload, ...overrides };
}

/**
 * Identity as interviews sees it: job seekers found or made by email, names `Person <uuid prefix>` (or as set in
 * `people`), plan features per company (none unless set). Stands in for the identity service in use-case specs.
 */
export class IdentityTable implements IdentityDirectory {
  readonly seekers = new Map<string, identity.UserSummary>();
  readonly people = new Map<string, identity.UserSummary>();
  readonly features = new Map<string, Record<string, boolean>>();

  readonly ensureCalls: number[] = [];

  async ensureJobSeekers(caller: Caller, assignees: Array<{ name: string; email: string }>, summariesOf: { userUuids: string[]; companyUuids: string[] }) {
    this.ensureCalls.push(assignees.length);
    const jobSeekers = assignees.map((assignee) => {
      const known = this.seekers.get(assignee.email.toLowerCase());
      if (known) return known;
      const seeker = { uuid: randomUUID(), name: assignee.name, email: assignee.email, avatar: '' };
      this.seekers.set(assignee.email.toLowerCase(), seeker);
      return seeker;
    });
    return { jobSeekers, ...(await this.summaries(caller, summariesOf.userUuids, summariesOf.companyUuids)) };
  }

  async planFeatures(_caller: Caller, companyUuid: string): Promise<Record<string, boolean>> {
    return this.features.get(companyUuid) ?? {};
  }

  async summaries(_caller: Caller, userUuids: string[], companyUuids: string[]) {
    return {
      users: new Map(userUuids.map((uuid) => [uuid, this.people.get(uuid) ?? aPerson({ uuid })])),
      companies: new Map(companyUuids.map((uuid) => [uuid, aCompany({ uuid })])),
    };
  }
}

/** Jobs as interviews sees them: the jobs put in `jobs`, each visible to anyone (a spec about visibility sets none). */
export class JobsTable implements JobsDirectory {
  readonly jobs = new Map<string, jobs.Job>();

  add(overrides: Partial<jobs.Job> = {}): jobs.Job {
    const job: jobs.Job = {
      uuid: randomUUID(),
      status: 'active',
      title: 'Backend engineer',
      description: 'Builds the API',
      created_at: AT.toISOString(),
      updated_at: AT.toISOString(),
      status_updated_at: AT.toISOString(),
      created_by: undefined,
      status_updated_by: undefined,
      company: undefined,
      location: undefined,
      ...overrides,
    };
    this.jobs.set(job.uuid, job);
    return job;
  }

  async findJob(_caller: Caller, jobUuid: string): Promise<jobs.Job | undefined> {
    return this.jobs.get(jobUuid);
  }

  /** What jobs answers now: the job's status, inactive when it is not in `jobs` (deleted). */
  async jobStatus(_caller: Caller, job: { companyUuid: string; jobUuid: string }): Promise<string> {
    return this.jobs.get(job.jobUuid)?.status ?? 'inactive';
  }
}

/** A page of the list as the gateway reads it: its items parsed from the JSON the service rendered. */
export function itemsOf(page: interviews.InterviewPage): { total: number; interviews: InterviewJson[]; shareLinkUuids: string[] } {
  return { total: page.total, interviews: JSON.parse(Buffer.from(page.items_json).toString('utf8')) as InterviewJson[], shareLinkUuids: page.share_link_uuids };
}
