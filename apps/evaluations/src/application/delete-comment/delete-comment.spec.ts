import { aComment, aCompanyUser } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { deleteComment } from './delete-comment';

describe('deleteComment', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const interviewUuid = () => world.interview.interview!.uuid;
  const stored = async (authorUuid: string) => {
    const comment = aComment({ companyUuid: world.company, interviewUuid: interviewUuid(), author: { type: 'user', uuid: authorUuid, name: 'Someone' } });
    await world.comments.insert(comment);
    return comment;
  };
  const sut = (commentUuid: string, principal = world.standard) => deleteComment(world, { principal }, { interviewUuid: interviewUuid(), commentUuid });

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('lets the author delete their comment, and an administrator any', async () => {
    const own = await stored(world.standard.userUuid);
    await sut(own.uuid);
    const others = await stored(world.standard.userUuid);
    await sut(others.uuid, world.admin);
    expect(await world.comments.listOf(world.company, interviewUuid())).toEqual([]);
  });

  it("refuses another standard user (403), and is 404 for a comment that is not there or another company's interview", async () => {
    const comment = await stored(world.admin.userUuid);
    await expect(sut(comment.uuid)).rejects.toMatchObject({ code: 'api.administrator_required' });
    await expect(sut('no-such-comment')).rejects.toMatchObject({ code: 'api.comment_not_found' });
    await expect(sut(comment.uuid, aCompanyUser())).rejects.toMatchObject({ code: 'api.interview_not_found' });
    expect(await world.comments.listOf(world.company, interviewUuid())).toHaveLength(1);
  });
});
