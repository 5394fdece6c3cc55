import { aCompanySummary, anInterview, aShareLink, aUserSummary, overTheWire } from '../../test/factories';
import { Interview } from '../interviews.contracts';
import { candidateInterviewJson, CandidateInterviewView, interviewJson, InterviewView } from './interview.view';

const ada = aUserSummary();
const acme = aCompanySummary();

describe('interviewJson', () => {
  const sam = aUserSummary({ uuid: '0b1c2d3e-0000-4000-8000-000000000008', name: 'Sam Seeker', email: 'sam@example.com' });

  it('renders the Interview object of the reference; a question inside it is {uuid, text, completed, time_limit, takes {completed, remaining}} and our think_time', () => {
    const sut = interviewJson(
      overTheWire(Interview, anInterview({ rating: 3.5, status: 'completed', completed_at: '2026-11-23T09:45:00+00:00', share_link: aShareLink() })),
      { questions: true },
    );
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-000000000007',
      rating: 3.5,
      type: 'one_way',
      status: 'completed',
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-22T10:00:00+00:00',
      scheduled_at: '2026-11-23T09:30:00+00:00',
      completed_at: '2026-11-23T09:45:00+00:00',
      language: 'en',
      source: { type: 'api' },
      share_link: {
        uuid: '0b1c2d3e-0000-4000-8000-000000000006',
        url: 'https://api.example.com/share/token-of-the-link',
        type: 'open',
        status: 'active',
        created_at: '2026-11-22T10:00:00+00:00',
        updated_at: '2026-11-23T09:30:00+00:00',
        updated_by: ada,
      },
      job_post: {
        uuid: '0b1c2d3e-0000-4000-8000-000000000003',
        title: 'Backend engineer',
        created_at: '2026-11-22T10:00:00+00:00',
        updated_at: '2026-11-23T09:30:00+00:00',
        status_updated_at: '2026-11-22T10:00:00+00:00',
        status: 'active',
        created_by: ada,
        location: { uuid: '0b1c2d3e-0000-4000-8000-000000000004', formatted_address: 'Paris, France' },
      },
      assigned_to: sam,
      company: acme,
      created_by: ada,
      decision: null,
      evaluations_submitted: 0,
      evaluations_started: 0,
      // A message without accommodations has the defaults (issue 42).
      accommodations: { time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false },
      accommodation_requests: [],
      questions: [
        {
          uuid: '0b1c2d3e-0000-4000-8000-000000000005',
          text: 'Tell us about a bug you fixed.',
          completed: false,
          time_limit: 60,
          think_time: '30',
          takes: { completed: 0, remaining: 2 },
        },
      ],
    });
    expect(InterviewView.parse(sut)).toEqual(sut);
  });

  it('leaves questions out of list items; no rating, completion, share link or decision yet is null', () => {
    const sut = interviewJson(overTheWire(Interview, anInterview()), { questions: false });
    expect(sut).not.toHaveProperty('questions');
    expect(sut).toMatchObject({ rating: null, completed_at: null, share_link: null, decision: null, evaluations_submitted: 0, evaluations_started: 0 });
    expect(InterviewView.parse(sut)).toEqual(sut);
  });

  it("says where the interview came from, with the ATS's own id; a message without a source (an older service) came from the API (decision 071)", () => {
    const ordered = overTheWire(Interview, anInterview({ source: { type: 'greenhouse', external_id: 'gh-42' } }));
    for (const questions of [true, false]) {
      const sut = interviewJson(ordered, { questions });
      expect(sut.source).toEqual({ type: 'greenhouse', external_id: 'gh-42' });
      expect(InterviewView.parse(sut)).toEqual(sut);
    }
    expect(interviewJson(overTheWire(Interview, anInterview({ source: { type: 'workspace' } })), { questions: false }).source).toEqual({ type: 'workspace' });
    expect(interviewJson(overTheWire(Interview, anInterview({ source: undefined })), { questions: false }).source).toEqual({ type: 'api' });
    expect(candidateInterviewJson(ordered)).not.toHaveProperty('source');
  });

  it('shows the accommodations everywhere, the requests on single reads only, and no time limits with unlimited_time (issue 42)', () => {
    const accommodations = { time_multiplier: 2, unlimited_time: true, extra_takes: 1, audio_only: true };
    const requests = [{ message: 'More time, please.', requested_at: '2026-11-22T11:00:00+00:00' }];
    const base = anInterview();
    const interview = overTheWire(
      Interview,
      anInterview({ accommodations, accommodation_requests: requests, questions: base.questions.map((q) => ({ ...q, unlimited_time: true })) }),
    );
    const sut = interviewJson(interview, { questions: true });
    expect(sut).toMatchObject({ accommodations, accommodation_requests: requests });
    expect(sut.questions?.[0]).toMatchObject({ time_limit: null, think_time: null });
    expect(InterviewView.parse(sut)).toEqual(sut);
    const item = interviewJson(interview, { questions: false });
    expect(item.accommodations).toEqual(accommodations);
    expect(item).not.toHaveProperty('accommodation_requests');
    const candidate = candidateInterviewJson(interview);
    expect(candidate.accommodations).toEqual(accommodations);
    expect(JSON.stringify(candidate)).not.toContain('More time, please.');
    expect(candidate.questions[0]).toMatchObject({ time_limit: null, think_time: null });
    expect(CandidateInterviewView.parse(candidate)).toEqual(candidate);
  });

  it("carries the team's decision and counts in single reads and list items alike (decision 070)", () => {
    const decision = { decision: 'reject', decided_by: { uuid: ada.uuid, name: ada.name }, decided_at: '2026-11-24T08:00:00+00:00' };
    const interview = overTheWire(Interview, anInterview({ status: 'completed', decision, evaluations_submitted: 2, evaluations_started: 3 }));
    for (const questions of [true, false]) {
      const sut = interviewJson(interview, { questions });
      expect(sut).toMatchObject({ decision, evaluations_submitted: 2, evaluations_started: 3 });
      expect(InterviewView.parse(sut)).toEqual(sut);
    }
  });
});

/** Every key path of a JSON value, array items as `[]`: `job_post.title`, `questions[].takes.limit`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...keyPaths(inner, path)];
  });
}

describe('candidateInterviewJson', () => {
  const rated = () =>
    candidateInterviewJson(
      overTheWire(
        Interview,
        anInterview({
          rating: 4.5,
          status: 'completed',
          completed_at: '2026-11-23T09:45:00+00:00',
          share_link: aShareLink(),
          created_by: aUserSummary({ email: 'recruiter@acme.example' }),
          assigned_to: aUserSummary({ name: 'The name Acme chose', email: 'sam@example.com' }),
          decision: { decision: 'reject', decided_by: { uuid: ada.uuid, name: 'Decider Dee' }, decided_at: '2026-11-24T08:00:00+00:00' },
          evaluations_submitted: 2,
          evaluations_started: 3,
        }),
      ),
    );

  it('shows the job seeker only what the candidate pages need: an allow-list, so a field added to the company view stays out', () => {
    const sut = rated();
    expect([...new Set(keyPaths(sut))].sort()).toEqual(
      [
        'uuid',
        'type',
        'status',
        'created_at',
        'updated_at',
        'scheduled_at',
        'completed_at',
        'language',
        'timezone',
        'job_post',
        'job_post.uuid',
        'job_post.title',
        'job_post.status',
        'job_post.location',
        'job_post.location.uuid',
        'job_post.location.formatted_address',
        // The job's video (decision 046), null here: a url any candidate of the job may play, with its length and type.
        'job_post.video',
        'company',
        'company.uuid',
        'company.name',
        'company.avatar',
        // Issue 42: its own accommodations, so the page knows why its limits are what they are.
        'accommodations',
        ...['time_multiplier', 'unlimited_time', 'extra_takes', 'audio_only'].map((k) => `accommodations.${k}`),
        'questions',
        ...['uuid', 'text', 'completed', 'skipped', 'time_limit', 'think_time', 'takes', 'created_at', 'updated_at', 'started_at'].map(
          (k) => `questions[].${k}`,
        ),
        ...['completed', 'remaining', 'limit'].map((k) => `questions[].takes.${k}`),
        // Decision 073: whether the company's answers are transcribed, which the page says.
        'transcribed',
      ].sort(),
    );
    expect(CandidateInterviewView.parse(sut)).toEqual(sut);
  });

  it('says whether the answers are transcribed as the candidate side set it; absent (an older service), not (decision 073)', () => {
    expect(candidateInterviewJson(overTheWire(Interview, anInterview({ transcribed: true }))).transcribed).toBe(true);
    expect(candidateInterviewJson(overTheWire(Interview, anInterview())).transcribed).toBe(false);
    // Never on the company's view.
    expect(interviewJson(overTheWire(Interview, anInterview({ transcribed: true })), { questions: true })).not.toHaveProperty('transcribed');
  });

  it('never carries the company`s rating, its team`s decision and evaluations, its users` emails, the share link nor what the company wrote about the candidate', () => {
    const json = JSON.stringify(rated());
    for (const companyOnly of [
      'rating',
      'decision',
      'Decider Dee',
      'evaluations',
      'created_by',
      'assigned_to',
      'share_link',
      'email',
      'recruiter@acme.example',
      'ada@example.com',
      'The name Acme chose',
    ]) {
      expect(json).not.toContain(companyOnly);
    }
    // The schema refuses them too, so the OpenAPI document (additionalProperties: false) and the e2e response checks do.
    expect(() => CandidateInterviewView.parse({ ...rated(), rating: 4.5 })).toThrow();
    expect(() => CandidateInterviewView.parse({ ...rated(), evaluations_submitted: 2 })).toThrow();
    expect(() => CandidateInterviewView.parse({ ...rated(), job_post: { ...rated().job_post, created_by: aUserSummary() } })).toThrow();
  });

  it('shows every question in full and the interview`s timezone', () => {
    const sut = candidateInterviewJson(overTheWire(Interview, anInterview()));
    expect(sut.timezone).toBe('Europe/Paris');
    expect(sut.questions).toEqual([
      {
        uuid: '0b1c2d3e-0000-4000-8000-000000000005',
        text: 'Tell us about a bug you fixed.',
        completed: false,
        skipped: false,
        time_limit: 60,
        think_time: '30',
        takes: { completed: 0, remaining: 2, limit: 2 },
        created_at: '2026-11-22T10:00:00+00:00',
        updated_at: '2026-11-22T10:00:00+00:00',
        started_at: null,
      },
    ]);
    expect(CandidateInterviewView.parse(sut)).toEqual(sut);
  });
});
