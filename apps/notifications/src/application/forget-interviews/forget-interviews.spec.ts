import { randomUUID } from 'node:crypto';
import { aCompanyUser, aNewDelivery, aNewMessage, anAttemptRow, anOperator } from '../../../test/factories';
import { InMemoryNotifications } from '../../../test/in-memory-store';
import { forgetInterviews } from './forget-interviews';

describe('forgetInterviews', () => {
  let db: InMemoryNotifications;
  const sut = (uuids: string[], caller = anOperator) => forgetInterviews({ store: db.store }, caller, uuids);

  beforeEach(() => {
    db = new InMemoryNotifications();
  });

  it("forgets an erased job seeker's messages and deliveries, keeping only InterviewDeleted", async () => {
    const [erased, kept] = [randomUUID(), randomUUID()];
    await db.store.read.messages.insertMany([aNewMessage({ interview_uuid: erased }), aNewMessage({ interview_uuid: kept })]);
    const created = aNewDelivery({ resource_uuid: erased, event_type: 'InterviewCreated', payload_type: 'Interview' });
    const deleted = aNewDelivery({ resource_uuid: erased, event_type: 'InterviewDeleted', payload_type: 'Interview' });
    await db.store.read.deliveries.insertMany([created, deleted, aNewDelivery({ resource_uuid: kept })]);
    await db.store.read.deliveries.insertAttempt(anAttemptRow({ delivery_uuid: created.uuid }));

    expect(await sut([erased])).toEqual({ messages: 1, deliveries: 1 });

    expect(db.tables.messages.map((m) => m.interview_uuid)).toEqual([kept]);
    expect(db.tables.deliveries.map((d) => d.uuid)).toEqual([deleted.uuid, expect.any(String)]);
    expect(db.tables.attempts).toEqual([]);
  });

  it('is for operators only', async () => {
    await expect(sut([randomUUID()], aCompanyUser({ role: 'administrator' }))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
