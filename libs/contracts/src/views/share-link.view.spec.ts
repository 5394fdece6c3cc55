import { aCompanySummary, anAdvancedShareLink, aSharedView, aShareLink, aUserSummary, overTheWire } from '../../test/factories';
import { ShareLink } from '../interviews.contracts';
import { AdvancedShareLink, SharedView as SharedViewMessage } from '../generated/sharing';
import { AdvancedShareLinkView, advancedShareLinkJson, BasicShareLinkView, basicShareLinkJson, SharedView, sharedViewJson } from './share-link.view';

const ada = aUserSummary();
const acme = aCompanySummary();

const job = { uuid: '0b1c2d3e-0000-4000-8000-000000000003', title: 'Backend engineer' };

describe('basicShareLinkJson', () => {
  it('renders the basic share link of the reference; nobody has updated it yet: updated_by null', () => {
    const sut = basicShareLinkJson(overTheWire(ShareLink, aShareLink({ type: 'collaborative', status: 'inactive', updated_by: undefined })));
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-000000000006',
      url: 'https://api.example.com/share/token-of-the-link',
      type: 'collaborative',
      status: 'inactive',
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-23T09:30:00+00:00',
      updated_by: null,
    });
    expect(BasicShareLinkView.parse(sut)).toEqual(sut);
  });
});

describe('advancedShareLinkJson', () => {
  const link = overTheWire(AdvancedShareLink, anAdvancedShareLink());
  const common = {
    uuid: '0b1c2d3e-0000-4000-8000-00000000000c',
    url: 'https://api.example.com/share/token-of-the-advanced-link',
    status: 'active',
    created_at: '2026-11-22T10:00:00+00:00',
    updated_at: '2026-11-22T10:00:00+00:00',
    reviewer: { name: 'Rita Reviewer', email: 'rita@example.com' },
    company: acme,
    created_by: ada,
    updated_by: ada,
  };

  it('a single link carries the interviews it opens (not yet completed: completed_at null)', () => {
    const sut = advancedShareLinkJson(link, 'single');
    expect(sut).toEqual({
      ...common,
      interviews: [
        {
          uuid: '0b1c2d3e-0000-4000-8000-00000000000d',
          interview_uuid: '0b1c2d3e-0000-4000-8000-000000000007',
          scheduled_at: '2026-11-23T09:30:00+00:00',
          completed_at: null,
          type: 'one_way',
          job,
        },
      ],
    });
    expect(AdvancedShareLinkView.parse(sut)).toEqual(sut);
  });

  it('the links just created carry the job instead of the interviews; list items carry neither', () => {
    expect(advancedShareLinkJson(link, 'created')).toEqual({ ...common, job });
    expect(advancedShareLinkJson(link, 'list')).toEqual(common);
    expect(AdvancedShareLinkView.parse(advancedShareLinkJson(link, 'list'))).toEqual(common);
  });
});

describe('sharedViewJson', () => {
  const recording = {
    uuid: '0b1c2d3e-0000-4000-8000-00000000000e',
    started_at: '2026-11-22T10:00:00+00:00',
    ended_at: '2026-11-22T10:30:00+00:00',
    content_type: 'video/webm',
    size: 2048,
    video_url: '/v1.0/public/share/token/recordings/0b1c2d3e-0000-4000-8000-00000000000e/video',
  };

  it('shows a reviewer the company, each interview`s job and candidate, and every take with the URL that streams it', () => {
    const sut = sharedViewJson(overTheWire(SharedViewMessage, aSharedView()));
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-00000000000c',
      company: { name: 'Acme' },
      interviews: [
        {
          uuid: '0b1c2d3e-0000-4000-8000-000000000007',
          type: 'one_way',
          completed_at: '2026-11-23T09:30:00+00:00',
          job: { title: 'Backend engineer' },
          candidate: { name: 'Sam Seeker' },
          questions: [
            {
              uuid: '0b1c2d3e-0000-4000-8000-000000000005',
              text: 'Tell us about a bug you fixed.',
              time_limit: 60,
              skipped: false,
              takes: [
                {
                  uuid: '0b1c2d3e-0000-4000-8000-000000000009',
                  number: 1,
                  content_type: 'video/webm',
                  size: 1_234_567,
                  duration_seconds: 41.5,
                  created_at: '2026-11-23T09:30:00+00:00',
                  video_url: '/v1.0/public/share/token/takes/0b1c2d3e-0000-4000-8000-000000000009/video',
                  transcript: null,
                  captions_url: null,
                },
              ],
            },
          ],
          recordings: [],
        },
      ],
    });
    expect(SharedView.parse(sut)).toEqual(sut);
  });

  it("shows null for a question's time limit that the interview's accommodations removed (unlimited time)", () => {
    const view = aSharedView();
    view.interviews[0].questions[0] = { ...view.interviews[0].questions[0], time_limit: undefined };
    const sut = sharedViewJson(overTheWire(SharedViewMessage, view));
    expect(sut.interviews[0].questions[0].time_limit).toBeNull();
    expect(SharedView.parse(sut)).toEqual(sut);
  });

  it("shows a live interview's call recordings with the URL that streams each, and null for a length no container gave", () => {
    const view = aSharedView();
    view.interviews[0] = {
      ...view.interviews[0],
      type: 'live',
      questions: [],
      recordings: [
        { ...recording, duration_seconds: 1799.5 },
        { ...recording, duration_seconds: undefined },
      ],
    };
    const sut = sharedViewJson(overTheWire(SharedViewMessage, view));
    expect(sut.interviews[0].recordings).toEqual([
      { ...recording, duration_seconds: 1799.5, transcript: null, captions_url: null },
      { ...recording, duration_seconds: null, transcript: null, captions_url: null },
    ]);
    expect(SharedView.parse(sut)).toEqual(sut);
  });

  it('shows the transcript the transcription service rendered on its take and recording, and the captions URL only where given (decision 073)', () => {
    const done = {
      status: 'done',
      language: 'en',
      text: 'I fixed a race.',
      segments: [{ start_ms: 0, end_ms: 1500, text: 'I fixed a race.' }],
      updated_at: '2026-11-23T09:31:00+00:00',
    };
    const pending = { status: 'pending', language: 'en', text: '', segments: [], updated_at: '2026-11-23T09:31:00+00:00' };
    const bytes = (json: unknown) => Buffer.from(JSON.stringify(json));
    const view = aSharedView();
    const take = view.interviews[0].questions[0].takes[0];
    const captions_url = '/v1.0/public/share/token/takes/0b1c2d3e-0000-4000-8000-000000000009/captions.vtt';
    view.interviews[0].questions[0].takes = [{ ...take, transcript: bytes(done), captions_url }];
    view.interviews[0].recordings = [{ ...recording, transcript: bytes(pending) }];
    const sut = sharedViewJson(overTheWire(SharedViewMessage, view));
    expect(sut.interviews[0].questions[0].takes[0]).toMatchObject({ uuid: take.uuid, transcript: done, captions_url });
    expect(sut.interviews[0].recordings[0]).toMatchObject({ transcript: pending, captions_url: null });
    expect(SharedView.parse(sut)).toEqual(sut);
  });
});
