import type { EvaluationCounts, interviews, jobs } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Caller, Principal } from '@vi/platform-grpc';
import { memoryStore, type Stateful } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import type { IdentityDirectory, InterviewsDirectory, JobsDirectory } from '../src/application/ports';
import type { CommentRepository, DecisionRepository, EvaluationRepository, ProcessedEventRepository, ScorecardRepository } from '../src/application/store';
import type { Comment } from '../src/domain/comment';
import type { Decision } from '../src/domain/decision';
import type { Evaluation } from '../src/domain/evaluation';
import { sameEvaluator, type Evaluator } from '../src/domain/evaluator';
import type { Scorecard } from '../src/domain/scorecard';
import { aCompanyUser, aJob, anEvaluableInterview } from './factories';

/**
 * The evaluations service's repositories in memory, for use-case specs in a `memoryStore` (@vi/platform-testing,
 * decision 028); `test/repositories.contract.integration.spec.ts` runs them and the SQL ones against one contract.
 */
export class InMemoryScorecards implements ScorecardRepository, Stateful<{ cards: Map<string, Scorecard> }> {
  state = { cards: new Map<string, Scorecard>() };

  async find(companyUuid: string, jobUuid: string): Promise<Scorecard | undefined> {
    const card = this.state.cards.get(jobUuid);
    return card?.companyUuid === companyUuid ? structuredClone(card) : undefined;
  }

  async save(card: Scorecard): Promise<void> {
    this.state.cards.set(card.jobUuid, structuredClone(card));
  }

  async deleteOfJob(jobUuid: string): Promise<void> {
    this.state.cards.delete(jobUuid);
  }
}

export class InMemoryEvaluations implements EvaluationRepository, Stateful<{ rows: Evaluation[] }> {
  state = { rows: [] as Evaluation[] };

  async listOf(companyUuid: string, interviewUuid: string): Promise<Evaluation[]> {
    return this.state.rows
      .filter((e) => e.companyUuid === companyUuid && e.interviewUuid === interviewUuid)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.uuid < b.uuid ? -1 : 1))
      .map((e) => structuredClone(e));
  }

  async find(companyUuid: string, interviewUuid: string, evaluator: Pick<Evaluator, 'type' | 'uuid'>): Promise<Evaluation | undefined> {
    const found = this.state.rows.find((e) => e.companyUuid === companyUuid && e.interviewUuid === interviewUuid && sameEvaluator(e.evaluator, evaluator));
    return found && structuredClone(found);
  }

  async insertIfAbsent(evaluation: Evaluation): Promise<boolean> {
    if (this.state.rows.some((e) => e.interviewUuid === evaluation.interviewUuid && sameEvaluator(e.evaluator, evaluation.evaluator))) return false;
    this.state.rows.push(structuredClone(evaluation));
    return true;
  }

  async update(evaluation: Evaluation): Promise<void> {
    const i = this.state.rows.findIndex((e) => e.uuid === evaluation.uuid);
    if (i < 0) return;
    const { evaluator, status, recommendation, overallRating, ratings, note, submittedAt, updatedAt } = structuredClone(evaluation);
    const row = this.state.rows[i];
    this.state.rows[i] = {
      ...row,
      evaluator: { ...row.evaluator, name: evaluator.name },
      status,
      recommendation,
      overallRating,
      ratings,
      note,
      submittedAt,
      updatedAt,
    };
  }

  async counts(interviewUuid: string): Promise<EvaluationCounts> {
    const of = this.state.rows.filter((e) => e.interviewUuid === interviewUuid);
    return { evaluations_submitted: of.filter((e) => e.status === 'submitted').length, evaluations_started: of.length };
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    this.state.rows = this.state.rows.filter((e) => e.interviewUuid !== interviewUuid);
  }
}

export class InMemoryComments implements CommentRepository, Stateful<{ rows: Comment[] }> {
  state = { rows: [] as Comment[] };

  async insert(comment: Comment): Promise<void> {
    this.state.rows.push(structuredClone(comment));
  }

  async listOf(companyUuid: string, interviewUuid: string): Promise<Comment[]> {
    return this.state.rows
      .filter((c) => c.companyUuid === companyUuid && c.interviewUuid === interviewUuid)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.uuid < b.uuid ? -1 : 1))
      .map((c) => structuredClone(c));
  }

  async find(companyUuid: string, interviewUuid: string, uuid: string): Promise<Comment | undefined> {
    const found = this.state.rows.find((c) => c.companyUuid === companyUuid && c.interviewUuid === interviewUuid && c.uuid === uuid);
    return found && structuredClone(found);
  }

  async delete(uuid: string): Promise<void> {
    this.state.rows = this.state.rows.filter((c) => c.uuid !== uuid);
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    this.state.rows = this.state.rows.filter((c) => c.interviewUuid !== interviewUuid);
  }
}

export class InMemoryDecisions implements DecisionRepository, Stateful<{ rows: Map<string, Decision> }> {
  state = { rows: new Map<string, Decision>() };

  async find(companyUuid: string, interviewUuid: string): Promise<Decision | undefined> {
    const found = this.state.rows.get(interviewUuid);
    return found?.companyUuid === companyUuid ? structuredClone(found) : undefined;
  }

  async save(decision: Decision): Promise<void> {
    const kept = this.state.rows.get(decision.interviewUuid);
    this.state.rows.set(decision.interviewUuid, structuredClone({ ...decision, companyUuid: kept?.companyUuid ?? decision.companyUuid }));
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    this.state.rows.delete(interviewUuid);
  }
}

export class InMemoryProcessedEvents implements ProcessedEventRepository, Stateful<{ ids: Set<string> }> {
  state = { ids: new Set<string>() };

  async markProcessed(eventId: string): Promise<boolean> {
    if (this.state.ids.has(eventId)) return false;
    this.state.ids.add(eventId);
    return true;
  }
}

export function inMemoryRepositories() {
  return {
    scorecards: new InMemoryScorecards(),
    evaluations: new InMemoryEvaluations(),
    comments: new InMemoryComments(),
    decisions: new InMemoryDecisions(),
    processedEvents: new InMemoryProcessedEvents(),
  };
}

/** Identity as evaluations sees it: the people of each company by uuid (a caller finds only their company's). */
export class IdentityTable implements IdentityDirectory {
  private readonly people = new Map<string, { companyUuid: string; name: string; email: string }>();

  add(companyUuid: string, userUuid: string, name: string): void {
    this.people.set(userUuid, { companyUuid, name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@people.example` });
  }

  async summaries(caller: Caller<Principal>, userUuids: string[]) {
    const company = caller.principal.kind === 'user' ? caller.principal.companyUuid : undefined;
    const users = new Map(
      userUuids.flatMap((uuid) => {
        const person = this.people.get(uuid);
        return person && (company === undefined || person.companyUuid === company)
          ? [[uuid, { uuid, name: person.name, email: person.email, avatar: '' }] as const]
          : [];
      }),
    );
    return { users, companies: new Map() };
  }
}

/** Jobs as evaluations sees them: a job of the caller's company, or jobs' own 404. */
export class JobsTable implements JobsDirectory {
  private readonly jobs = new Map<string, { companyUuid: string; job: jobs.Job }>();

  put(companyUuid: string, job: jobs.Job): jobs.Job {
    this.jobs.set(job.uuid, { companyUuid, job });
    return job;
  }

  async job(caller: Caller, jobUuid: string): Promise<jobs.Job> {
    const found = this.jobs.get(jobUuid);
    if (!found || found.companyUuid !== caller.principal.companyUuid) throw new AppError(ErrorKind.NotFound, 'api.job_not_found', 'Job not found');
    return found.job;
  }
}

/** The interviews service as evaluations sees it: the interviews of each company with their takes, and who asked. */
export class InterviewsTable implements InterviewsDirectory {
  private readonly byCompany = new Map<string, Map<string, interviews.SharedInterview>>();
  /** The principals of the calls, in order. */
  readonly callers: Principal[] = [];

  put(companyUuid: string, shared: interviews.SharedInterview): interviews.SharedInterview {
    const of = this.byCompany.get(companyUuid) ?? new Map<string, interviews.SharedInterview>();
    of.set(shared.interview!.uuid, shared);
    this.byCompany.set(companyUuid, of);
    return shared;
  }

  async sharedInterviews(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[]): Promise<interviews.SharedInterview[]> {
    this.callers.push(caller.principal);
    const of = this.byCompany.get(companyUuid);
    return interviewUuids.flatMap((uuid) => (of?.get(uuid) ? [of.get(uuid)!] : []));
  }
}

/**
 * Everything an evaluations use case may depend on, in memory: a company with an administrator (`admin`, Ada) and a
 * standard user (`standard`, Sam), a job created by Sam, one evaluable interview of it, a clock at 2026-03-01T10:00Z.
 */
export function evaluationsWorld() {
  const admin = aCompanyUser({ role: 'administrator' });
  const company = admin.companyUuid!;
  const standard = aCompanyUser({ companyUuid: company, role: 'standard' });
  const repos = inMemoryRepositories();
  const identity = new IdentityTable();
  identity.add(company, admin.userUuid, 'Ada Admin');
  identity.add(company, standard.userUuid, 'Sam Standard');
  const jobsTable = new JobsTable();
  const job = jobsTable.put(company, aJob({ created_by: { uuid: standard.userUuid, name: 'Sam Standard', email: '', avatar: '' } }));
  const interviewsTable = new InterviewsTable();
  const interview = interviewsTable.put(company, anEvaluableInterview({ company: { uuid: company, name: 'Acme', avatar: '' }, jobUuid: job.uuid }));
  const store = memoryStore(repos);
  return {
    admin,
    standard,
    company,
    job,
    interview,
    ...repos,
    store,
    identity,
    jobs: jobsTable,
    interviews: interviewsTable,
    clock: new FakeClock('2026-03-01T10:00:00+00:00'),
  };
}
