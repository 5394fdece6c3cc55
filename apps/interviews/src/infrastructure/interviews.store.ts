import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { InterviewsRepositories, InterviewsStore } from '../application/store';
import { CompanyMediaRepository } from './company-media.repository';
import { CreationRepository } from './creation.repository';
import { InterviewCounterRepository } from './interview-counter.repository';
import { InterviewRepository } from './interview.repository';
import { LiveCallRepository } from './live-call.repository';
import type { InterviewsDatabase } from './interviews.database';
import { ProjectionRepository } from './projection.repository';
import { QuestionRepository } from './question.repository';
import { RecordingRepository } from './recording.repository';
import { ShareLinkProjectionRepository } from './share-link-projection.repository';
import { TakeRepository } from './take.repository';
import { QuestionSetRepository } from './question-set.repository';
import { TranscriptionSettingRepository } from './transcription-setting.repository';
import { TranscriptSearchRepository } from './transcript-search.repository';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlInterviewsRepositories(db: Kysely<InterviewsDatabase>): InterviewsRepositories {
  return {
    interviews: new InterviewRepository(db),
    questions: new QuestionRepository(db),
    counters: new InterviewCounterRepository(db),
    projections: new ProjectionRepository(db),
    takes: new TakeRepository(db),
    recordings: new RecordingRepository(db),
    liveCalls: new LiveCallRepository(db),
    questionSets: new QuestionSetRepository(db),
    shareLinks: new ShareLinkProjectionRepository(db),
    creations: new CreationRepository(db),
    companyMedia: new CompanyMediaRepository(db),
    transcriptionSettings: new TranscriptionSettingRepository(db),
    transcriptSearch: new TranscriptSearchRepository(db),
  };
}

export function createInterviewsStore(db: Kysely<InterviewsDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): InterviewsStore {
  return new OutboxStore(db, relay, sqlInterviewsRepositories);
}
