import type { interviews } from '@vi/contracts';
import type { AppError } from '@vi/platform-errors';
import type { Principal } from '@vi/platform-grpc';
import { newShareLink, type ShareLink } from '../../domain/share-link';
import type { SharingStore } from '../../infrastructure/sharing.store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../directories';
import { openShareLink } from './open-share-link';

const GATEWAY: Principal = { kind: 'service', service: 'gateway' };
const TOKEN = 'T'.repeat(43);

function advancedLink(overrides: Partial<ShareLink> = {}): ShareLink {
  const interviews = ['i-1', 'i-2'].map((uuid) => ({ uuid: `l${uuid}`, interviewUuid: uuid, jobUuid: 'j', jobTitle: 'Job', candidateName: uuid }));
  const link = newShareLink({ uuid: 'link-1', kind: 'advanced', companyUuid: 'company-1', userUuid: 'u1', status: 'active', interviews, now: new Date() });
  return { ...link, reviewer: { name: 'Rita', email: 'rita@reviewers.example' }, ...overrides };
}

function interview(uuid: string, status: string): interviews.SharedInterview {
  return {
    interview: {
      uuid,
      type: 'one_way',
      status,
      created_at: '',
      updated_at: '',
      scheduled_at: '',
      completed_at: '2026-01-01T09:00:00+00:00',
      job_post: { uuid: 'j', title: 'Engineer', created_at: '', updated_at: '', status_updated_at: '', status: 'active', created_by: undefined, location: undefined },
      assigned_to: { uuid: 'c', name: `Candidate ${uuid}`, email: 'c@x.example', avatar: '' },
      company: { uuid: 'company-1', name: 'Acme', avatar: '' },
      created_by: undefined,
      rating: undefined,
      share_link: undefined,
      questions: [{ uuid: 'q', text: 'Why?', completed: true, skipped: false, time_limit: 60, think_time: '30', takes: undefined, created_at: '', updated_at: '' }],
      timezone: 'UTC',
    },
    takes: [{ uuid: `take-${uuid}`, question_uuid: 'q', number: 1, content_type: 'video/webm', size: 10, duration_seconds: 3, created_at: '' }],
  };
}

describe('openShareLink: every open checks the link, the plan and the interviews now', () => {
  let stored: ShareLink | undefined;
  let features: Record<string, boolean>;
  let current: interviews.SharedInterview[];
  const planCalls: string[] = [];
  const store = { read: { links: { findByTokenHash: async (hash: string) => (hash === `hash:${TOKEN}` ? stored : undefined) } } } as unknown as SharingStore;
  const identity = {
    planFeatures: async (_caller: unknown, companyUuid: string) => {
      planCalls.push(companyUuid);
      return features;
    },
  } as unknown as IdentityDirectory;
  const interviewsDirectory = { sharedInterviews: async () => current } as unknown as InterviewsDirectory;
  const tokens = {
    hashOf: (token: string) => `hash:${token}`,
    videoUrlFor: (token: string, take: string) => `https://api.example.com/v1.0/public/share/${token}/takes/${take}/video`,
  } as unknown as LinkTokens;
  const sut = (principal: Principal = GATEWAY, token = TOKEN) => openShareLink({ store, identity, interviews: interviewsDirectory, tokens }, principal, token);
  const codeOf = async (run: Promise<unknown>) => run.then(() => undefined, (error: AppError) => error.code);

  beforeEach(() => {
    stored = advancedLink();
    features = { advanced_share_links: true };
    current = [interview('i-2', 'completed'), interview('i-1', 'completed')];
    planCalls.length = 0;
  });

  it("shows the link's completed interviews in the link's order, with video URLs through the token", async () => {
    const view = await sut();
    expect(view.share_link_uuid).toBe('link-1');
    expect(view.company_name).toBe('Acme');
    expect(view.interviews.map((i) => i.uuid)).toEqual(['i-1', 'i-2']);
    expect(view.interviews[0]).toMatchObject({ job_title: 'Engineer', candidate_name: 'Candidate i-1' });
    expect(view.interviews[0].questions[0].takes[0].video_url).toBe(`https://api.example.com/v1.0/public/share/${TOKEN}/takes/take-i-1/video`);
  });

  it('stops an advanced link as soon as the plan in force loses the feature (a downgrade becoming due)', async () => {
    expect((await sut()).interviews).toHaveLength(2);
    features = { advanced_share_links: false };
    expect(await codeOf(sut())).toBe('api.share_link_not_found');
    features = { advanced_share_links: true };
    expect((await sut()).interviews).toHaveLength(2);
    expect(planCalls).toEqual(['company-1', 'company-1', 'company-1']);
  });

  it('opens a basic link whatever the plan, without asking identity', async () => {
    stored = advancedLink({ kind: 'basic', reviewer: null });
    features = {};
    expect((await sut()).interviews).toHaveLength(2);
    expect(planCalls).toEqual([]);
  });

  it('leaves out interviews no longer completed (reset) or deleted, and is 404 when none is left', async () => {
    current = [interview('i-1', 'requested'), interview('i-2', 'completed')];
    expect((await sut()).interviews.map((i) => i.uuid)).toEqual(['i-2']);
    current = [interview('i-1', 'requested')];
    expect(await codeOf(sut())).toBe('api.share_link_not_found');
  });

  it('is the same 404 for an inactive or unknown link, and for a user principal', async () => {
    expect(await codeOf(sut(GATEWAY, 'U'.repeat(43)))).toBe('api.share_link_not_found');
    stored = advancedLink({ status: 'inactive' });
    expect(await codeOf(sut())).toBe('api.share_link_not_found');
    stored = advancedLink();
    const user: Principal = { kind: 'user', userUuid: 'u1', companyUuid: 'company-1', role: 'administrator', userType: 'company_user' };
    expect(await codeOf(sut(user))).toBe('api.share_link_not_found');
  });
});
