import type { UserPrincipal } from '@vi/platform-grpc';
import { InterviewsError, InterviewsErrorCode } from '../domain/interviews.errors';

/** The company whose interviews a company user works with; job seekers get `onJobSeeker`. */
export function companyOf(principal: UserPrincipal, onJobSeeker = InterviewsErrorCode.InterviewNotFound): string {
  if (principal.userType !== 'company_user' || !principal.companyUuid) throw new InterviewsError(onJobSeeker);
  return principal.companyUuid;
}
