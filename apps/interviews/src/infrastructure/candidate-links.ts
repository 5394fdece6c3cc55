import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { CANDIDATE_PATH, pagePath } from '@vi/contracts';
import type { Clock } from '@vi/platform-time';
import type { CandidateLinks } from '../application/ports';
import { actionableUntil, LATE_TAKE_WINDOW_MS, type InterviewType } from '../domain/interview-status';

const AUDIENCE = 'candidate';

/**
 * Candidate links: `{PUBLIC_BASE_URL}/candidate/interviews/<uuid>?token=…`,
 * the token an HS256 JWT scoped to one interview and job seeker, expiring at
 * the due time (a live interview: when its join window closes) plus the late-take window (a reschedule sends a new
 * link; after the due time only a take upload is let through, decision 042). Issued and checked by the clock's time.
 */
export class SignedCandidateLinks implements CandidateLinks {
  /** A key object made once: given the secret as a string, jsonwebtoken tries to parse it as a PEM key on every call. */
  private readonly secret: KeyObject;

  constructor(
    private readonly publicBaseUrl: string,
    secret: string,
    private readonly clock: Clock,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  linkFor(interview: { uuid: string; candidateUuid: string; type: InterviewType; scheduledAt: Date }): string {
    const claims = {
      sub: interview.candidateUuid,
      iid: interview.uuid,
      iat: seconds(this.clock.now()),
      // A one-way interview's link lives on for the late-take window; the interviews service lets only a take upload through then.
      exp: seconds(new Date(actionableUntil(interview.type, interview.scheduledAt).getTime() + (interview.type === 'one_way' ? LATE_TAKE_WINDOW_MS : 0))),
    };
    const token = jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      audience: AUDIENCE,
      // Every invitation (creation, reschedule, reset) gets a link of its own, even within the same second.
      jwtid: randomUUID(),
    });
    return `${this.publicBaseUrl}${pagePath(CANDIDATE_PATH, { interviewUuid: interview.uuid })}?token=${token}`;
  }

  /** The interview and job seeker a token is for, or null when forged or expired. */
  verify(token: string): { interviewUuid: string; candidateUuid: string } | null {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'], audience: AUDIENCE, clockTimestamp: seconds(this.clock.now()) }) as {
        sub: string;
        iid: string;
      };
      return { interviewUuid: claims.iid, candidateUuid: claims.sub };
    } catch {
      return null;
    }
  }
}

function seconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
