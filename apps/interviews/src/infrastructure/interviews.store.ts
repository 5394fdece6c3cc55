import { OutboxStore, type WithOutbox } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import { InterviewCounterRepository } from './interview-counter.repository';
import { InterviewRepository } from './interview.repository';
import type { InterviewsDatabase } from './interviews.database';
import { ProjectionRepository } from './projection.repository';
import { QuestionRepository } from './question.repository';
import { RecordingRepository } from './recording.repository';
import { ShareLinkProjectionRepository } from './share-link-projection.repository';
import { TakeRepository } from './take.repository';
import { QuestionSetRepository } from './question-set.repository';

/** Repositories bound to one connection or transaction. */
export class InterviewsRepositories {
  readonly interviews: InterviewRepository;
  readonly questions: QuestionRepository;
  readonly counters: InterviewCounterRepository;
  readonly projections: ProjectionRepository;
  readonly takes: TakeRepository;
  readonly recordings: RecordingRepository;
  readonly questionSets: QuestionSetRepository;
  readonly shareLinks: ShareLinkProjectionRepository;

  constructor(readonly db: Kysely<InterviewsDatabase>) {
    this.interviews = new InterviewRepository(db);
    this.questions = new QuestionRepository(db);
    this.counters = new InterviewCounterRepository(db);
    this.projections = new ProjectionRepository(db);
    this.takes = new TakeRepository(db);
    this.recordings = new RecordingRepository(db);
    this.questionSets = new QuestionSetRepository(db);
    this.shareLinks = new ShareLinkProjectionRepository(db);
  }
}

export type InterviewsTransaction = WithOutbox<InterviewsRepositories>;
export type InterviewsStore = OutboxStore<InterviewsDatabase, InterviewsRepositories>;

export function createInterviewsStore(db: Kysely<InterviewsDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): InterviewsStore {
  return new OutboxStore(db, relay, (conn) => new InterviewsRepositories(conn));
}
