import { randomUUID } from 'node:crypto';
import { parseClientMessage as sut } from './live-protocol';

describe('parseClientMessage', () => {
  const id = randomUUID();
  const instance = randomUUID();

  it('reads a state with a shared screen, and a state without `screen` (a page from before screen sharing) as not sharing', () => {
    expect(sut(JSON.stringify({ type: 'state', audio: true, video: false, screen: true }))).toEqual({ type: 'state', audio: true, video: false, screen: true });
    expect(sut(JSON.stringify({ type: 'state', audio: true, video: true }))).toEqual({ type: 'state', audio: true, video: true, screen: false });
  });

  it('ignores a state whose `screen` is not a boolean', () => {
    expect(sut(JSON.stringify({ type: 'state', audio: true, video: true, screen: 'yes' }))).toBeUndefined();
  });

  it('carries the screen in a join, so a page that reconnects while sharing is shown sharing to the others', () => {
    expect(sut(JSON.stringify({ type: 'join', id, instance, audio: true, video: true, screen: true }))).toEqual({
      type: 'join',
      id,
      instance,
      token: undefined,
      audio: true,
      video: true,
      screen: true,
    });
    expect(sut(JSON.stringify({ type: 'join', id, instance }))).toMatchObject({ audio: true, video: true, screen: false });
  });
});
