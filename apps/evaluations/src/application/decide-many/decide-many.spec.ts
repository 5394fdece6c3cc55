import { randomUUID } from 'node:crypto';
import type { DecisionEventPayload } from '@vi/contracts';
import { anEvaluableInterview } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { decideMany } from './decide-many';

describe('decideMany', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const sut = (uuids: string[], decision = 'reject', notifyCandidate = true) =>
    decideMany(world, { principal: world.admin }, uuids, { decision, notifyCandidate });

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('answers each interview once, in the order asked: 200 decided, 404 not found or not the company’s, 409 not evaluable', async () => {
    const second = world.interviews.put(world.company, anEvaluableInterview({ status: 'expired' })).interview!.uuid;
    const requested = world.interviews.put(world.company, anEvaluableInterview({ status: 'requested' })).interview!.uuid;
    const elsewhere = world.interviews.put(randomUUID(), anEvaluableInterview()).interview!.uuid;
    const first = world.interview.interview!.uuid;

    expect(await sut([first, requested, elsewhere, second, first])).toEqual({
      results: [
        { uuid: first, status: 200 },
        { uuid: requested, status: 409 },
        { uuid: elsewhere, status: 404 },
        { uuid: second, status: 200 },
      ],
    });
    expect(world.store.published.map((e) => (e.payload as DecisionEventPayload).interview_uuid)).toEqual([first, second]);
    expect(world.store.published.map((e) => (e.payload as DecisionEventPayload).notify_candidate?.language)).toEqual(['fr', 'fr']);
    expect(await world.decisions.find(world.company, requested)).toBeUndefined();
  });

  it('is 400 for no interviews, more than 100, or a decision outside the vocabulary', async () => {
    await expect(sut([])).rejects.toMatchObject({ code: 'api.validation_failed', fieldErrors: [{ field: 'interviews' }] });
    const many = Array.from({ length: 101 }, () => randomUUID());
    await expect(sut(many, 'maybe')).rejects.toMatchObject({ fieldErrors: [{ field: 'decision' }, { field: 'interviews' }] });
  });
});
