import { aTake, overTheWire } from '../../test/factories';
import { Take } from '../interviews.contracts';
import { takeJson, TakeView } from './take.view';

describe('takeJson', () => {
  it('renders a take: which question, its number, the container, its size in bytes and its measured length', () => {
    const sut = takeJson(overTheWire(Take, aTake({ number: 2, content_type: 'video/mp4' })));
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-000000000009',
      question_uuid: '0b1c2d3e-0000-4000-8000-000000000005',
      number: 2,
      content_type: 'video/mp4',
      size: 1_234_567,
      duration_seconds: 41.5,
      created_at: '2026-11-23T09:30:00+00:00',
      kind: 'video',
    });
    expect(TakeView.parse(sut)).toEqual(sut);
  });

  it('renders an audio-only take as kind audio (issue 42); a message without the field (an older service) is a video', () => {
    expect(takeJson(overTheWire(Take, aTake({ kind: '' }))).kind).toBe('video');
    const sut = takeJson(overTheWire(Take, aTake({ content_type: 'audio/webm', kind: 'audio' })));
    expect(sut).toMatchObject({ content_type: 'audio/webm', kind: 'audio' });
    expect(TakeView.parse(sut)).toEqual(sut);
  });
});
