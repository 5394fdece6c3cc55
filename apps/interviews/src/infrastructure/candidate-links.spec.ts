import jwt from 'jsonwebtoken';
import { FakeClock } from '@vi/platform-time';
import { AT, anInterview } from '../../test/factories';
import { LATE_TAKE_WINDOW_MS } from '../domain/interview-status';
import { SignedCandidateLinks } from './candidate-links';

describe('SignedCandidateLinks', () => {
  const interview = anInterview({ scheduledAt: new Date(AT.getTime() + 3600_000) });
  const fixture = () => {
    const clock = new FakeClock(AT);
    return { clock, sut: new SignedCandidateLinks('https://app.example', 'a-secret-of-the-test', clock) };
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('links to the interview’s candidate page with a token naming the interview and its job seeker', () => {
    const { sut } = fixture();
    const url = sut.linkFor(interview);
    expect(url).toMatch(new RegExp(`^https://app\\.example/candidate/interviews/${interview.uuid}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(sut.verify(tokenOf(url))).toEqual({ interviewUuid: interview.uuid, candidateUuid: interview.candidateUuid });
    expect(tokenOf(sut.linkFor(interview))).not.toBe(tokenOf(url));
  });

  it('accepts the token until the end of the due time’s late-take window by the clock, and not from then on', () => {
    const { sut, clock } = fixture();
    const token = tokenOf(sut.linkFor(interview));
    const windowEnd = interview.scheduledAt.getTime() + LATE_TAKE_WINDOW_MS;
    clock.set(new Date(windowEnd - 1000));
    expect(sut.verify(token)).not.toBeNull();
    clock.set(new Date(windowEnd));
    expect(sut.verify(token)).toBeNull();
  });

  it('accepts a live interview’s token until its join window closes, three hours after the start', () => {
    const { sut, clock } = fixture();
    const live = { ...interview, type: 'live' as const };
    const token = tokenOf(sut.linkFor(live));
    const closesAt = interview.scheduledAt.getTime() + 3 * 3600_000;
    clock.set(new Date(closesAt - 1000));
    expect(sut.verify(token)).not.toBeNull();
    clock.set(new Date(closesAt));
    expect(sut.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered', () => {
    const { sut, clock } = fixture();
    const other = new SignedCandidateLinks('https://app.example', 'another-secret', clock);
    expect(sut.verify(tokenOf(other.linkFor(interview)))).toBeNull();
    const token = tokenOf(sut.linkFor(interview));
    expect(sut.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });

  it('writes a standard HS256 JWT, as jsonwebtoken would: its header, the claims, and a signature it verifies', () => {
    const { sut } = fixture();
    const token = tokenOf(sut.linkFor(interview));
    const exp = Math.floor((interview.scheduledAt.getTime() + LATE_TAKE_WINDOW_MS) / 1000);
    expect(jwt.decode(token, { complete: true })).toMatchObject({
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { sub: interview.candidateUuid, iid: interview.uuid, iat: Math.floor(AT.getTime() / 1000), exp, aud: 'candidate', jti: expect.any(String) },
    });
    expect(
      jwt.verify(token, 'a-secret-of-the-test', { algorithms: ['HS256'], audience: 'candidate', clockTimestamp: Math.floor(AT.getTime() / 1000) }),
    ).toMatchObject({
      iid: interview.uuid,
    });
  });
});
