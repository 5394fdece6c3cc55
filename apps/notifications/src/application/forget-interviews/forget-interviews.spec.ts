import { memoryStore } from '@vi/platform-testing';
import { randomUUID } from 'node:crypto';
import { aCompanyUser, aNewDelivery, aNewMessage, anAttemptRow, anOperator } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { forgetInterviews } from './forget-interviews';

describe('forgetInterviews', () => {
  let db: NotificationsRepositoryFakes;
  const sut = (uuids: string[], caller = anOperator) =>
    forgetInterviews({ store: memoryStore({ messages: db.messages, deliveries: db.deliveries, calendars: db.calendars }) }, caller, uuids);

  beforeEach(() => {
    db = notificationsFakes();
  });

  it("forgets an erased job seeker's messages and deliveries, keeping only InterviewDeleted", async () => {
    const [erased, kept] = [randomUUID(), randomUUID()];
    await db.messages.insertMany([aNewMessage({ interview_uuid: erased }), aNewMessage({ interview_uuid: kept })]);
    const created = aNewDelivery({ resource_uuid: erased, event_type: 'InterviewCreated', payload_type: 'Interview' });
    const deleted = aNewDelivery({ resource_uuid: erased, event_type: 'InterviewDeleted', payload_type: 'Interview' });
    await db.deliveries.insertMany([created, deleted, aNewDelivery({ resource_uuid: kept })]);
    await db.deliveries.insertAttempt(anAttemptRow({ delivery_uuid: created.uuid }));

    expect(await sut([erased])).toEqual({ messages: 1, deliveries: 1 });

    expect(db.messages.state.map((m) => m.interview_uuid)).toEqual([kept]);
    expect(db.deliveries.state.deliveries.map((d) => d.uuid)).toEqual([deleted.uuid, expect.any(String)]);
    expect(db.deliveries.state.attempts).toEqual([]);
  });

  it('is for operators only', async () => {
    await expect(sut([randomUUID()], aCompanyUser({ role: 'administrator' }))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
