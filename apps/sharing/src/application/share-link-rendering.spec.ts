import { aBasicLink, aLinkedInterview, aSharedInterview } from '../../test/factories';
import { renderSharedView } from './share-link-rendering';

describe('renderSharedView', () => {
  const media = () => ({ video_url: '/v1.0/public/share/token/video' });

  it("shows each question's effective time limit, and none where the interview's accommodations removed it (issue 42)", () => {
    const timed = aSharedInterview();
    const unlimited = aSharedInterview();
    unlimited.interview!.questions = unlimited.interview!.questions.map((q) => ({ ...q, time_limit: 0, unlimited_time: true }));
    const link = aBasicLink({ interviews: [timed, unlimited].map((s) => aLinkedInterview({ interviewUuid: s.interview!.uuid })) });

    const view = renderSharedView(link, [timed, unlimited], media);

    expect(view.interviews[0].questions[0].time_limit).toBe(60);
    expect(view.interviews[1].questions[0].time_limit).toBeUndefined();
  });
});
