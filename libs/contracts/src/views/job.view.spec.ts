import { aCompanySummary, aJob, aUserSummary, overTheWire } from '../../test/factories';
import { Job, PublicOpenInterview } from '../generated/jobs';
import { jobJson, JobView, publicOpenInterviewJson, PublicOpenInterviewView } from './job.view';

const ada = aUserSummary();
const acme = aCompanySummary();

describe('jobJson', () => {
  it('renders the Job object of the reference: description and the posted address on single reads, open_interview and job_video null', () => {
    const sut = jobJson(overTheWire(Job, aJob()), { description: true });
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-000000000003',
      status: 'active',
      title: 'Backend engineer',
      description: 'Builds the API.',
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-23T09:30:00+00:00',
      status_updated_at: '2026-11-22T10:00:00+00:00',
      created_by: ada,
      status_updated_by: ada,
      company: acme,
      location: { uuid: '0b1c2d3e-0000-4000-8000-000000000004', formatted_address: 'Paris, France', city: 'Paris', state: '', country: 'France' },
      locality: null,
      open_interview: null,
      job_video: null,
    });
    expect(JobView.parse(sut)).toEqual(sut);
  });

  const aVideo = {
    uuid: '0b1c2d3e-0000-4000-8000-000000000009',
    url: 'https://vi.example/v1.0/public/job_videos/0b1c2d3e-0000-4000-8000-000000000009',
    duration_seconds: 42.48,
    content_type: 'video/webm',
    size: 123456,
    created_at: '2026-11-23T09:30:00+00:00',
  };
  /** The public side of an open interview whose job shows `video`. */
  const publicSideWith = (video: typeof aVideo) =>
    publicOpenInterviewJson(
      overTheWire(PublicOpenInterview, {
        uuid: video.uuid,
        company: undefined,
        location: undefined,
        job_title: 'T',
        job_description: '',
        time_limits: [60],
        expires_at: video.created_at,
        due_days: 7,
        sms_invitations: false,
        job_video: video,
      }),
    );

  it('renders a job video with its public url, on list items too; the public side keeps url, length and type', () => {
    const item = jobJson(overTheWire(Job, aJob({ video: aVideo })), { description: false });
    expect(item.job_video).toEqual({ ...aVideo, captions_url: null });
    expect(JobView.parse(item)).toEqual(item);
    const open = publicSideWith(aVideo);
    expect(open.job_video).toEqual({ url: aVideo.url, duration_seconds: 42.48, content_type: 'video/webm', captions_url: null });
    expect(PublicOpenInterviewView.parse(open)).toEqual(open);
  });

  it("renders a job video's captions_url when it has captions, on the public side too", () => {
    const video = { ...aVideo, captions_url: `${aVideo.url}/captions` };
    const item = jobJson(overTheWire(Job, aJob({ video })), { description: true });
    expect(item.job_video).toEqual(video);
    expect(JobView.parse(item)).toEqual(item);
    expect(publicSideWith(video).job_video?.captions_url).toBe(video.captions_url);
  });

  it('shows the work mode and place of a job posted with a locality on single reads', () => {
    const location = { uuid: '0b1c2d3e-0000-4000-8000-000000000004', formatted_address: 'Lisbon hub' };
    const sut = jobJson(overTheWire(Job, aJob({ location, address: undefined, locality: { work_mode: 'hybrid', work_place: 'Lisbon hub' } })), {
      description: true,
    });
    expect(sut).toMatchObject({ location, locality: { work_mode: 'hybrid', work_place: 'Lisbon hub' } });
    expect(sut.location).toEqual(location);
    expect(JobView.parse(sut)).toEqual(sut);
  });

  it('leaves description and the posted address out of list items and shows missing people, company and location as null', () => {
    const sut = jobJson(overTheWire(Job, aJob({ created_by: undefined, status_updated_by: undefined, company: undefined, location: undefined })), {
      description: false,
    });
    expect(sut).not.toHaveProperty('description');
    expect(sut).not.toHaveProperty('locality');
    expect(sut).toMatchObject({ created_by: null, status_updated_by: null, company: null, location: null });
    expect(JobView.parse(sut)).toEqual(sut);
  });
});
