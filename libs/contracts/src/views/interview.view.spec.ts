import { aCompanySummary, anInterview, aShareLink, aUserSummary, overTheWire } from '../../test/factories';
import { Interview } from '../generated/interviews';
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

  it('leaves questions out of list items; no rating, completion or share link yet is null', () => {
    const sut = interviewJson(overTheWire(Interview, anInterview()), { questions: false });
    expect(sut).not.toHaveProperty('questions');
    expect(sut).toMatchObject({ rating: null, completed_at: null, share_link: null });
    expect(InterviewView.parse(sut)).toEqual(sut);
  });
});

describe('candidateInterviewJson', () => {
  it('shows the job seeker every question in full and the interview`s timezone, never its share link', () => {
    const sut = candidateInterviewJson(overTheWire(Interview, anInterview({ share_link: aShareLink() })));
    expect(sut.share_link).toBeNull();
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
