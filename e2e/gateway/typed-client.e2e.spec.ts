import { hireForAJob } from '../../clients/typescript/example';
import { createApiClient } from '../../clients/typescript/index';
import { startTestSystem, type TestSystem } from '../support/test-system';

describe('the typed TypeScript client (clients/typescript)', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('runs the README example: creates a job and an interview for it', async () => {
    const { apiKey, api } = await t.createCompany();
    const interview = await hireForAJob(t.baseUrl, apiKey);
    expect(interview).toMatchObject({ type: 'one_way', status: 'requested', assigned_to: { email: 'jane@example.com' } });
    expect((await api.get(`/interviews/${interview.uuid}`)).status).toBe(200);
  });

  it('gives refusals as typed errors', async () => {
    const { apiKey } = await t.createCompany();
    const client = createApiClient({ baseUrl: t.baseUrl, apiKey });
    const refused = await client.GET('/jobs/{jobUuid}', { params: { path: { jobUuid: '00000000-0000-4000-8000-000000000000' } } });
    expect(refused.response.status).toBe(404);
    expect(refused.error?.code).toBe('api.job_not_found');
  });
});
