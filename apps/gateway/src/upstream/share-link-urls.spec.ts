import type { sharing } from '@vi/contracts';
import type { UpstreamClient } from '@vi/platform-grpc';
import { withShareLinkUrls } from './share-link-urls';

const LINK = '0b1c2d3e-0000-4000-8000-00000000000c';
const AS = { principal: { kind: 'service', service: 'gateway' } } as const;

/** Sharing as the gateway calls it: every getShareLinkUrls request is kept. */
function sharingThatKnows(urls: Record<string, string>) {
  const asked: string[][] = [];
  const client = {
    call: async (_pick: unknown, request: sharing.ShareLinkUrlsRequest) => {
      asked.push(request.link_uuids);
      return { links: request.link_uuids.filter((uuid) => urls[uuid]).map((uuid) => ({ uuid, url: urls[uuid] })) };
    },
  } as unknown as UpstreamClient<sharing.SharingServiceClient>;
  return { client, asked };
}

const bytesOf = (json: unknown) => Buffer.from(JSON.stringify(json));
const shared = (uuid: string) => ({ uuid, share_link: { uuid: LINK, url: '', status: 'active' } });

describe('withShareLinkUrls (decision 065)', () => {
  it('answers the bytes the service rendered as they came when no interview in them is shared, without asking sharing', async () => {
    const { client, asked } = sharingThatKnows({});
    const json = bytesOf([{ uuid: 'a', share_link: null }]);
    const sut = await withShareLinkUrls(client, { json, share_link_uuids: [] }, AS);
    expect(sut).toBe(json);
    expect(asked).toEqual([]);
  });

  it('fills in the URL of one interview (an object) in one call to sharing', async () => {
    const { client, asked } = sharingThatKnows({ [LINK]: 'https://vi.example/share/t0k3n' });
    const sut = await withShareLinkUrls(client, { json: bytesOf(shared('a')), share_link_uuids: [LINK] }, AS);
    expect(sut).toEqual({ uuid: 'a', share_link: { uuid: LINK, url: 'https://vi.example/share/t0k3n', status: 'active' } });
    expect(asked).toEqual([[LINK]]);
  });

  it('fills in the URLs of an array (created interviews, a page), leaving the unshared ones and an unknown link empty', async () => {
    const { client } = sharingThatKnows({ [LINK]: 'https://vi.example/share/t0k3n' });
    const other = '0b1c2d3e-0000-4000-8000-0000000000ff';
    const json = bytesOf([shared('a'), { uuid: 'b', share_link: null }, { uuid: 'c', share_link: { uuid: other, url: '' } }]);
    const sut = await withShareLinkUrls(client, { json, share_link_uuids: [LINK, other] }, AS);
    expect(sut).toEqual([
      { uuid: 'a', share_link: { uuid: LINK, url: 'https://vi.example/share/t0k3n', status: 'active' } },
      { uuid: 'b', share_link: null },
      { uuid: 'c', share_link: { uuid: other, url: '' } },
    ]);
  });
});
