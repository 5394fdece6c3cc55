import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, interviewBody } from '../interviews/interview-helpers';

// Each is well formed but names no instant: Date would roll it over (2026-02-30 → 2 March) instead of refusing it.
const NOT_A_DATE_TIME = [
  '2027-02-30T10:00:00+00:00',
  '2027-02-29T10:00:00+00:00',
  '2027-04-31T10:00:00+00:00',
  '2027-13-01T10:00:00+00:00',
  '2027-01-10T24:00:00+00:00',
  '2027-01-10T10:60:00+00:00',
  '2027-01-10T10:00:60+00:00',
  '2027-01-10T10:00:00+24:00',
  '2027-01-10T10:00:00+05:60',
];

describe('timestamps the API accepts', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('400 naming the field for a date-time the calendar does not have, on create and on reschedule; nothing changes', async () => {
    const company = await companyWithJob(t);
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const before = (await company.api.get('/interviews?range=0-99')).body;
    for (const scheduledAt of NOT_A_DATE_TIME) {
      const created = await company.api.post('/interviews', interviewBody(company.job.uuid, { scheduled_at: scheduledAt }));
      expectError(created, 400, 'api.validation_failed');
      expect({ scheduledAt, fields: created.body.errors.map((e: any) => e.field) }).toEqual({ scheduledAt, fields: ['scheduled_at'] });
      const moved = await company.api.put(`/interviews/${interview.uuid}`, { scheduled_at: scheduledAt });
      expectError(moved, 400, 'api.validation_failed');
      expect({ scheduledAt, fields: moved.body.errors.map((e: any) => e.field) }).toEqual({ scheduledAt, fields: ['scheduled_at'] });
    }
    expect((await company.api.get('/interviews?range=0-99')).body).toEqual(before);
  });
});
