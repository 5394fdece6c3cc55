import { aComment, anEvaluableInterview, aRecording, aTake } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { listComments } from './list-comments';

describe('listComments', () => {
  let world: ReturnType<typeof evaluationsWorld>;

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('lists by answer (question order, then take number), the recordings after, each by moment, comments on no answer last, then by creation', async () => {
    const shared = anEvaluableInterview({ takes: [], recordings: [aRecording(), aRecording()] });
    const [q1, q2] = shared.interview!.questions.map((q) => q.uuid);
    // Interviews lists takes in question order then take number; the comments say which.
    shared.takes = [aTake({ question_uuid: q1, number: 1 }), aTake({ question_uuid: q1, number: 2 }), aTake({ question_uuid: q2, number: 1 })];
    const interview = world.interviews.put(world.company, shared).interview!;
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));
    const on = (fields: Parameters<typeof aComment>[0]) => aComment({ companyUuid: world.company, interviewUuid: interview.uuid, ...fields });
    const expected = [
      on({ takeUuid: shared.takes[0].uuid, atMs: 1000, createdAt: at(5) }),
      on({ takeUuid: shared.takes[0].uuid, atMs: 1000, createdAt: at(6) }),
      on({ takeUuid: shared.takes[0].uuid, atMs: 2000, createdAt: at(1) }),
      on({ takeUuid: shared.takes[1].uuid, atMs: 0, createdAt: at(1) }),
      on({ takeUuid: shared.takes[2].uuid, atMs: 500, createdAt: at(1) }),
      on({ recordingUuid: shared.recordings[0].uuid, atMs: 9000, createdAt: at(1) }),
      on({ recordingUuid: shared.recordings[1].uuid, atMs: 1, createdAt: at(1) }),
      on({ createdAt: at(0) }),
    ];
    for (const c of [...expected].reverse()) await world.comments.insert(c);
    await world.comments.insert(aComment({ interviewUuid: interview.uuid }));

    const sut = await listComments(world, { principal: world.standard }, interview.uuid);
    expect(sut.items.map((c) => c.uuid)).toEqual(expected.map((c) => c.uuid));
  });
});
