import type { sharing } from '@vi/contracts';
import type { Caller } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import type { InterviewsDirectory } from '../ports';
import { renderLinkedInterviews } from '../share-link-rendering';

/** The interviews a link opens that still exist, as the interviews service shows them now. */
export async function linkedInterviews(interviews: InterviewsDirectory, caller: Caller, link: ShareLink): Promise<sharing.LinkedInterview[]> {
  const current = await interviews.sharedInterviews(
    caller,
    link.companyUuid,
    link.interviews.map((i) => i.interviewUuid),
    false,
  );
  return renderLinkedInterviews(link, current);
}
