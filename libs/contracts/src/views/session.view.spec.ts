import { aResolvedSession, overTheWire } from '../../test/factories';
import { ResolvedSession } from '../generated/identity';
import { sessionJson, SessionView } from './session.view';

describe('sessionJson', () => {
  it('tells the pages who is signed in, until when, and the CSRF token to echo; nothing else of the session', () => {
    const sut = sessionJson(overTheWire(ResolvedSession, aResolvedSession()), 'csrf-token-of-the-session');
    expect(sut).toEqual({
      user_uuid: '0b1c2d3e-0000-4000-8000-000000000001',
      ends_at: '2026-11-22T22:00:00+00:00',
      expires_at: '2026-11-22T12:00:00+00:00',
      csrf_token: 'csrf-token-of-the-session',
    });
    expect(SessionView.parse(sut)).toEqual(sut);
  });
});
