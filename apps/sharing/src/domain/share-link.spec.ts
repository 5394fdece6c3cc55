import { AppError } from '@vi/platform-errors';
import {
  deleted,
  isViewable,
  newShareLink,
  parseStatus,
  requireAdvancedFeature,
  requireAllShareable,
  requireShareable,
  withStatus,
  type ShareLink,
} from './share-link';

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  const interviews = [{ uuid: 'li1', interviewUuid: 'i1', jobUuid: 'j1', jobTitle: 'Job', candidateName: 'Cat' }];
  return {
    ...newShareLink({ uuid: 'l1', kind: 'basic', companyUuid: 'c1', userUuid: 'u1', status: 'active', interviews, now: new Date('2026-01-01T10:00:00Z') }),
    ...overrides,
  };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
}

describe('share link rules', () => {
  it('shares only completed interviews; a missing one is not found', () => {
    expect(requireShareable({ uuid: 'i1', status: 'completed' }).uuid).toBe('i1');
    for (const status of ['requested', 'accepted', 'expired', 'canceled']) {
      expect(codeOf(() => requireShareable({ uuid: 'i1', status }))).toBe('api.share_link_interview_not_completed');
    }
    expect(codeOf(() => requireShareable(undefined))).toBe('api.interview_not_found');
  });

  it('names every interview of an advanced link that is not a completed one of the company', () => {
    const found = new Map([
      ['a', { uuid: 'a', status: 'completed' }],
      ['b', { uuid: 'b', status: 'accepted' }],
    ]);
    expect(() => requireAllShareable(['a'], found)).not.toThrow();
    let error: AppError | undefined;
    try {
      requireAllShareable(['a', 'b', 'missing'], found);
    } catch (e) {
      error = e as AppError;
    }
    expect(error?.code).toBe('api.share_link_interview_not_completed');
    expect(error?.fieldErrors?.map((f) => f.field)).toEqual(['interviews.1.uuid', 'interviews.2.uuid']);
    expect(error?.reason).toContain('b, missing');
  });

  it('needs the plan feature for advanced links', () => {
    expect(codeOf(() => requireAdvancedFeature({}))).toBe('api.plan_advanced_share_links_required');
    expect(codeOf(() => requireAdvancedFeature({ advanced_share_links: false }))).toBe('api.plan_advanced_share_links_required');
    expect(codeOf(() => requireAdvancedFeature({ advanced_share_links: true }))).toBeUndefined();
  });

  it('makes new links open, version 1, by their creator', () => {
    expect(link()).toMatchObject({ type: 'open', version: 1, createdBy: 'u1', updatedBy: 'u1', reviewer: null, sendEmail: false, deletedAt: null });
  });

  it('opens a link only while active, not deleted, and (advanced) with the feature in force', () => {
    expect(isViewable(link(), undefined)).toBe(true);
    expect(isViewable(link({ status: 'inactive' }), undefined)).toBe(false);
    expect(isViewable(deleted(link(), null, new Date()), undefined)).toBe(false);
    const advanced = link({ kind: 'advanced', reviewer: { name: 'R', email: 'r@x.example' } });
    expect(isViewable(advanced, { advanced_share_links: true })).toBe(true);
    expect(isViewable(advanced, { advanced_share_links: false })).toBe(false);
    expect(isViewable(advanced, undefined)).toBe(false);
  });

  it('changes the status with a new version and updater, and nothing when it is the same', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    const same = withStatus(link(), 'active', 'u2', now);
    expect(same.changed).toBe(false);
    expect(same.link).toEqual(link());
    const changed = withStatus(link(), 'inactive', 'u2', now);
    expect(changed).toEqual({ changed: true, link: { ...link(), status: 'inactive', updatedBy: 'u2', updatedAt: now, version: 2 } });
    expect(deleted(changed.link, null, now)).toMatchObject({ deletedAt: now, updatedBy: 'u2', version: 3 });
  });

  it('accepts only active and inactive', () => {
    expect(parseStatus('active')).toBe('active');
    expect(parseStatus('inactive')).toBe('inactive');
    expect(codeOf(() => parseStatus('open'))).toBe('api.validation_failed');
  });
});
