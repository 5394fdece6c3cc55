import { outboxInsert, type PendingEvents } from '@vi/platform-bus';
import { prepared, sql, type Kysely } from '@vi/platform-postgres';
import type { NewCreation } from '../application/store';
import { counterIncrease } from './interview-counter.repository';
import { interviewInsert } from './interview.repository';
import type { InterviewsDatabase } from './interviews.database';
import { creationProjectionParts } from './projection.repository';
import { questionInsert } from './question.repository';

/**
 * A creation's writes as one statement (decision 053): one round trip, and no `BEGIN` or `COMMIT`, for what was a
 * transaction of seven. Each part is the statement its repository runs on its own; PostgreSQL checks the foreign
 * keys at the statement's end, when the interviews its questions name exist.
 */
export class CreationRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async write({ projections, at, interviews, questions }: NewCreation, events: PendingEvents): Promise<void> {
    const [{ interview }] = interviews;
    await prepared(sql`with ${creationProjectionParts(projections, at)},
new_interviews as (${interviewInsert(interviews)}),
${questions.length > 0 ? sql`new_questions as (${questionInsert(questions)}),` : sql``}
counter as (${counterIncrease(interview.companyUuid, interview.type, interview.status, interviews.length)}),
events as (${outboxInsert(events)})
select 1 as written`).execute(this.db);
  }
}
