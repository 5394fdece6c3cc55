import { SharingSubjects } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { aBasicShareLink, aBusMessage, anInterview, aShareLinkEvent } from '../../../test/factories';
import { MemoryProjections, MemoryShareLinks } from '../../../test/fakes';
import { applyShareLinkEvent } from './apply-share-links';

describe('applyShareLinkEvent', () => {
  const interview = anInterview();
  const link = aBasicShareLink();
  const fixture = () => ({ store: memoryStore({ projections: new MemoryProjections(), shareLinks: new MemoryShareLinks() }) });
  const shown = async (deps: ReturnType<typeof fixture>) => (await deps.store.read.shareLinks.forInterviews([interview.uuid])).get(interview.uuid);

  it('shows a basic link on its interview from its creation, and no more once deleted', async () => {
    const deps = fixture();
    await applyShareLinkEvent(deps, aBusMessage(SharingSubjects.ShareLinkCreated, aShareLinkEvent(interview.uuid, link)));
    expect(await shown(deps)).toEqual(link);
    await applyShareLinkEvent(deps, aBusMessage(SharingSubjects.ShareLinkDeleted, aShareLinkEvent(interview.uuid, link, { version: 2 })));
    expect(await shown(deps)).toBeUndefined();
  });

  it('shows no advanced link', async () => {
    const deps = fixture();
    await applyShareLinkEvent(
      deps,
      aBusMessage(SharingSubjects.ShareLinkCreated, aShareLinkEvent(interview.uuid, link, { kind: 'advanced', basic_link: null })),
    );
    expect(await shown(deps)).toBeUndefined();
  });
});
