import { aRecording, overTheWire } from '../../test/factories';
import { Recording } from '../interviews.contracts';
import { recordingJson, RecordingView } from './recording.view';

describe('recordingJson', () => {
  it('renders an ended recording: when it started and ended, its measured length, container and size in bytes', () => {
    const sut = recordingJson(overTheWire(Recording, aRecording()));
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-00000000000e',
      started_at: aRecording().started_at,
      ended_at: aRecording().ended_at,
      duration_seconds: 1795.25,
      content_type: 'video/webm',
      size: 98_765_432,
    });
    expect(RecordingView.parse(sut)).toEqual(sut);
  });

  it('shows a recording still going on with null for its end and length', () => {
    const sut = recordingJson(overTheWire(Recording, aRecording({ ended_at: undefined, duration_seconds: undefined, size: 1024 })));
    expect(sut).toMatchObject({ ended_at: null, duration_seconds: null, size: 1024 });
    expect(RecordingView.parse(sut)).toEqual(sut);
  });
});
