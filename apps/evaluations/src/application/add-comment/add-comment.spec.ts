import type { CommentEventPayload } from '@vi/contracts';
import { aCompanyUser, anEvaluableInterview, aRecording } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import type { CommentInput } from '../../domain/comment';
import { addComment } from './add-comment';

describe('addComment', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const interviewUuid = () => world.interview.interview!.uuid;
  const take = () => world.interview.takes[0];
  const sut = (input: Partial<CommentInput>, principal = world.admin, uuid = interviewUuid()) =>
    addComment(world, { principal }, uuid, { text: 'Nice', mentionUuids: [], ...input });

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('pins a comment to a moment of a take, names its author and mentions, and publishes CommentCreated with their emails', async () => {
    const comment = await sut({
      text: '  Listen to this  ',
      takeUuid: take().uuid,
      atMs: 3000,
      mentionUuids: [world.standard.userUuid, world.standard.userUuid],
    });
    expect(comment).toEqual({
      uuid: expect.any(String),
      author: { uuid: world.admin.userUuid, name: 'Ada Admin', type: 'user' },
      text: 'Listen to this',
      take_uuid: take().uuid,
      recording_uuid: null,
      at_ms: 3000,
      mentions: [{ uuid: world.standard.userUuid, name: 'Sam Standard' }],
      created_at: '2026-03-01T10:00:00+00:00',
    });
    expect(world.store.published).toEqual([
      {
        subject: 'evaluations.comment.created',
        payload: {
          interview_uuid: interviewUuid(),
          company_uuid: world.company,
          counts: { evaluations_submitted: 0, evaluations_started: 0 },
          comment,
          mentions: [{ uuid: world.standard.userUuid, name: 'Sam Standard', email: 'sam.standard@people.example' }],
        } satisfies CommentEventPayload,
      },
    ]);
  });

  it('takes a comment on no answer, and one on an ended recording within its length', async () => {
    await expect(sut({})).resolves.toMatchObject({ take_uuid: null, recording_uuid: null, at_ms: null });
    const recording = aRecording({ duration_seconds: 10 });
    const live = world.interviews.put(world.company, anEvaluableInterview({ takes: [], recordings: [recording] }));
    await expect(sut({ recordingUuid: recording.uuid, atMs: 10_000 }, world.admin, live.interview!.uuid)).resolves.toMatchObject({ at_ms: 10_000 });
  });

  it('names every broken rule: the text, a moment outside the take or without one, both a take and a recording, strangers', async () => {
    const stranger = aCompanyUser();
    world.identity.add(stranger.companyUuid!, stranger.userUuid, 'Stranger');
    await expect(sut({ text: ' ', takeUuid: take().uuid, atMs: 30_001, mentionUuids: [world.standard.userUuid, stranger.userUuid] })).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [{ field: 'text' }, { field: 'at_ms' }, { field: 'mentions.1' }],
    });
    await expect(sut({ text: 'x'.repeat(2001), atMs: 0 })).rejects.toMatchObject({ fieldErrors: [{ field: 'text' }, { field: 'at_ms' }] });
    await expect(sut({ takeUuid: 'no-such-take', recordingUuid: 'no-such-recording' })).rejects.toMatchObject({
      fieldErrors: [{ field: 'recording_uuid' }, { field: 'take_uuid' }],
    });
    expect(world.store.published).toEqual([]);
  });

  it('is 409 on an interview not evaluable, 404 on one of another company', async () => {
    const requested = world.interviews.put(world.company, anEvaluableInterview({ status: 'requested' }));
    await expect(sut({}, world.admin, requested.interview!.uuid)).rejects.toMatchObject({ code: 'api.interview_not_evaluable' });
    await expect(sut({}, aCompanyUser())).rejects.toMatchObject({ code: 'api.interview_not_found' });
  });
});
