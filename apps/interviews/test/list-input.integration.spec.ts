import { randomUUID } from 'node:crypto';
import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { GrpcServer, PrincipalTokens, UpstreamClient } from '@vi/platform-grpc';
import { createLogger } from '@vi/platform-logger';
import { randomSecret } from '@vi/platform-testing';
import type { KyselyPlugin } from 'kysely';
import { createInterviewsStore } from '../src/infrastructure/interviews.store';
import type { InterviewsGrpcDeps } from '../src/transport/grpc/grpc-deps';
import { interviewsHandlers } from '../src/transport/grpc/interviews.grpc';
import { openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import { aUserOfCompany } from './factories';

/**
 * The interviews list's order, types and statuses are written into SQL text, so the service checks them itself
 * (issue 38): a caller that is not the gateway, or a gateway that forgot, gets INVALID_ARGUMENT and nothing is sent
 * to the database.
 */
describe('ListInterviews over gRPC refuses an order, type or status outside the contract before any SQL', () => {
  let t: InterviewsTestDatabase;
  let server: GrpcServer;
  let client: UpstreamClient<interviews.InterviewsServiceClient>;
  /** Every statement the service's store sends, as Kysely compiles it. */
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const principal = aUserOfCompany(randomUUID());

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
    const secret = randomSecret();
    const store = createInterviewsStore(t.database.db.withPlugin(recorder), { kick: () => undefined });
    // Only what listing reads: the store and the page cache.
    const deps = { store, pages: t.pages } as unknown as InterviewsGrpcDeps;
    server = new GrpcServer(new PrincipalTokens(secret), createLogger('interviews-test', 'silent')).add(
      interviews.InterviewsServiceService,
      interviewsHandlers(deps),
    );
    const port = await server.listen('127.0.0.1:0');
    client = new UpstreamClient(
      'interviews',
      new interviews.InterviewsServiceClient(`127.0.0.1:${port}`, credentials.createInsecure()),
      new PrincipalTokens(secret),
    );
  });
  afterAll(async () => {
    client.close();
    await server.shutdown();
    await t.close();
  });

  const list = (request: Partial<interviews.ListInterviewsRequest>) =>
    client.call((c) => c.listInterviews, { types: [], statuses: [], orderby: 'scheduled_desc', range_from: 0, range_to: 9, ...request }, { principal });

  it.each([
    ['a direction that is not asc or desc', { orderby: 'scheduled_sideways' }, 'orderby'],
    ['SQL after a valid direction', { orderby: 'scheduled_asc; delete from interviews' }, 'orderby'],
    ['SQL as the direction', { orderby: 'scheduled_asc nulls first, (select pg_sleep(1))' }, 'orderby'],
    ['an unknown key', { orderby: 'salary_desc' }, 'orderby'],
    ['an empty order', { orderby: '' }, 'orderby'],
    ['an unknown type', { types: ["live' or '1'='1"] }, 'type[]'],
    ['an unknown status', { statuses: ['requested', 'archived'] }, 'status[]'],
  ])('%s: INVALID_ARGUMENT api.validation_failed naming it, no statement sent', async (_label, request, field) => {
    statements.length = 0;
    const refused = await list(request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: ErrorKind.InvalidArgument, code: 'api.validation_failed', fieldErrors: [expect.objectContaining({ field })] });
    expect(statements).toEqual([]);
  });

  it('lists with every order of the contract (the same store sends its statements)', async () => {
    for (const orderby of ['scheduled_desc', 'completed_asc', 'job_desc']) {
      statements.length = 0;
      expect((await list({ orderby, statuses: ['requested'], types: ['live'] })).total).toBe(0);
      expect(statements.length).toBeGreaterThan(0);
    }
  });
});
