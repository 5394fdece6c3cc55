import type { interviews } from '@vi/contracts';
import { emptyScorecard, type Scorecard } from '../../domain/scorecard';
import type { ScorecardRepository } from '../store';

/** The scorecard of the interview's job as it is now (an empty one for a job never given one, or no job). */
export async function scorecardOfInterview(
  scorecards: Pick<ScorecardRepository, 'find'>,
  companyUuid: string,
  shared: interviews.SharedInterview,
): Promise<Scorecard> {
  const jobUuid = shared.interview?.job_post?.uuid;
  if (!jobUuid) return emptyScorecard(companyUuid, '');
  return (await scorecards.find(companyUuid, jobUuid)) ?? emptyScorecard(companyUuid, jobUuid);
}
