import { randomUUID } from 'node:crypto';
import { liveSocketPath, parseClientMessage as sut } from './live-protocol';

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

describe('parseClientMessage, what the server accepts', () => {
  const id = randomUUID();

  it('relays a signal’s data unread, whatever JSON it is, and needs its addressee', () => {
    expect(sut(JSON.stringify({ type: 'signal', to: id, data: { anything: [1, 2] } }))).toEqual({ type: 'signal', to: id, data: { anything: [1, 2] } });
    expect(sut(JSON.stringify({ type: 'signal', data: {} }))).toBeUndefined();
    expect(sut(JSON.stringify({ type: 'signal', to: id }))).toBeUndefined();
  });

  it('reads a join’s id in lower case and refuses ids that are not UUIDs or a token that is not a string', () => {
    expect(sut(JSON.stringify({ type: 'join', id: id.toUpperCase(), instance: id }))).toMatchObject({ id });
    expect(sut(JSON.stringify({ type: 'join', id: 'me', instance: id }))).toBeUndefined();
    expect(sut(JSON.stringify({ type: 'join', id, instance: id, token: 42 }))).toBeUndefined();
  });

  it('ignores what is not a message: bad JSON, a JSON value that is no object, an unknown type, fields of the wrong kind', () => {
    for (const text of [
      '{',
      '"join"',
      'null',
      '[]',
      JSON.stringify({ type: 'dance' }),
      JSON.stringify({ type: 'chat', text: 1 }),
      JSON.stringify({ type: 'recording' }),
    ]) {
      expect({ text, message: sut(text) }).toEqual({ text, message: undefined });
    }
  });

  it('keeps only the fields of the message, so nothing else a client adds is relayed', () => {
    expect(sut(JSON.stringify({ type: 'chat', text: 'hello', from: 'someone else' }))).toEqual({ type: 'chat', text: 'hello' });
    expect(sut(JSON.stringify({ type: 'ended', by: 'x' }))).toEqual({ type: 'ended' });
  });
});

describe('liveSocketPath', () => {
  it('is the interview’s socket on the public API, the uuid encoded as a path segment', () => {
    expect(liveSocketPath('7f1c2d9e-0000-4000-8000-000000000001')).toBe('/v1.0/interviews/7f1c2d9e-0000-4000-8000-000000000001/live');
    expect(liveSocketPath('a/b')).toBe('/v1.0/interviews/a%2Fb/live');
  });
});
