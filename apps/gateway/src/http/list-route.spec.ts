import { Router } from 'express';
import { parseListQuery } from './list-query';
import { listRoute, type UpstreamRange } from './list-route';
import { serveRouter } from '../../test/serve-router';

const LETTERS = { filters: { 'letter[]': ['a', 'b'] }, orders: ['name_asc'], defaultOrder: 'name_asc' };
const TITLES = Array.from({ length: 12 }, (_, i) => `Job ${i}`);

describe('listRoute', () => {
  const asked: unknown[] = [];
  // An upstream that pages TITLES as a service's list method does; what it was asked is kept.
  const upstream = async (request: UpstreamRange & { letters?: string[] }) => {
    asked.push(request);
    return { titles: TITLES.slice(request.range_from, request.range_to + 1), total: TITLES.length };
  };
  let server: Awaited<ReturnType<typeof serveRouter>>;

  beforeAll(async () => {
    const router = Router();
    router.get('/titles', listRoute({ fetch: ({ range }) => upstream(range), page: (page) => ({ items: page.titles, total: page.total }) }).handler);
    router.get(
      '/filtered',
      listRoute({
        query: { spec: LETTERS, parse: (raw) => parseListQuery(raw, LETTERS) },
        fetch: ({ query, range }) => upstream({ letters: query.filters['letter[]'], ...range }),
        page: (page) => ({ items: page.titles, total: page.total }),
      }).handler,
    );
    router.get(
      '/rendered',
      listRoute({
        fetch: async ({ range }) => ({
          count: 2,
          total: 7,
          items_json: new TextEncoder().encode(JSON.stringify([{ at: range.range_from }, { at: range.range_to }])),
        }),
        page: (rendered) => rendered,
      }).handler,
    );
    server = await serveRouter(router);
  });
  afterAll(() => server.close());
  beforeEach(() => (asked.length = 0));

  it('asks the upstream for the first 50 by default and answers its page with Content-Range and Link', async () => {
    const sut = await server.get('/titles');
    expect(asked).toEqual([{ range_from: 0, range_to: 49 }]);
    expect(sut.status).toBe(200);
    expect(sut.body).toEqual(TITLES);
    expect(sut.headers.get('content-range')).toBe('items 0-11/12');
    expect(sut.headers.get('link')).toBe('</v1.0/titles?range=0-49>; rel="first", </v1.0/titles?range=0-49>; rel="last"');
  });

  it('passes the requested range on and describes the page it got back', async () => {
    const sut = await server.get('/titles?range=10-19');
    expect(asked).toEqual([{ range_from: 10, range_to: 19 }]);
    expect(sut.body).toEqual(['Job 10', 'Job 11']);
    expect(sut.headers.get('content-range')).toBe('items 10-11/12');
  });

  it('a range past the end is an empty page: items */total', async () => {
    const sut = await server.get('/titles?range=40-49');
    expect({ status: sut.status, body: sut.body, range: sut.headers.get('content-range') }).toEqual({ status: 200, body: [], range: 'items */12' });
  });

  it('a bad range is a 400 naming range, and the upstream is not asked', async () => {
    const sut = await server.get('/titles?range=0-100');
    expect(sut.status).toBe(400);
    expect(sut.body).toMatchObject({ code: 'api.validation_failed', errors: [{ field: 'range', code: 'too_big' }] });
    expect(asked).toEqual([]);
  });

  it('a list with filters hands them to the upstream with the range, and names every bad parameter in one 400', async () => {
    await server.get('/filtered?letter[]=a&letter[]=b&range=0-9');
    expect(asked).toEqual([{ letters: ['a', 'b'], range_from: 0, range_to: 9 }]);
    const refused = await server.get('/filtered?letter[]=z&orderby=nope&range=9-1');
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['letter[]', 'orderby', 'range']);
  });

  it('sends a page a service rendered as it came, with the paging headers of its count', async () => {
    const sut = await server.get('/rendered?range=5-6');
    expect(sut.body).toEqual([{ at: 5 }, { at: 6 }]);
    expect(sut.headers.get('content-type')).toMatch(/^application\/json/);
    expect(sut.headers.get('content-range')).toBe('items 5-6/7');
  });
});
