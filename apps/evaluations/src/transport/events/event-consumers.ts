import { JobsSubjects } from '@vi/contracts';
import type { EventConsumer } from '@vi/platform-bus';
import { FORGET_INTERVIEW_SUBJECTS, forgetInterview } from '../../application/forget-interview/forget-interview';
import { forgetJobScorecard } from '../../application/forget-job-scorecard/forget-job-scorecard';
import type { EvaluationsStore } from '../../application/store';

/** The events evaluations consumes, as data the composition root starts (decision 028): only what it must forget. */
export function evaluationsEventConsumers(deps: { store: EvaluationsStore }): EventConsumer[] {
  return [
    // A deleted interview, and a reset one (its answers are gone).
    { durable: 'evaluations-forget-interviews', subjects: FORGET_INTERVIEW_SUBJECTS, handler: (message) => forgetInterview(deps, message) },
    {
      durable: 'evaluations-forget-deleted-jobs',
      subjects: [JobsSubjects.JobDeleted],
      handler: (message) => forgetJobScorecard(deps, message),
    },
  ];
}
