import { InterviewsSubjects } from '@vi/contracts';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { findInterview } from '../get-interview/get-interview';
import { interviewEvent, renderInterview } from '../interview-rendering';

/** Deletes an interview in any status; it is gone from lists and reads afterwards. */
export async function deleteInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, uuid, { lock: true });
    const rendered = await renderInterview(tx, interview);
    await tx.interviews.markDeleted(interview.uuid, new Date());
    await tx.counters.move(interview.companyUuid, interview.type, interview.status, null);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewDeleted, rendered)]);
  });
}
