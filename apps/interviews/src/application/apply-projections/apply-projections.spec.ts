import { IdentitySubjects, JobsSubjects } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { aBusMessage, aJobEvent, aJobRow, aPerson, aUserEvent } from '../../../test/factories';
import { MemoryProjections } from '../../../test/fakes';
import { applyProjectionEvent } from './apply-projections';

describe('applyProjectionEvent', () => {
  const job = aJobRow({ title: 'Old title' });
  const person = aPerson({ name: 'Old name' });
  const fixture = () => ({ store: memoryStore({ projections: new MemoryProjections({ jobs: [job], people: [person] }) }) });
  const jobUpdated = (title: string, of = job) => aBusMessage(JobsSubjects.JobUpdated, aJobEvent(of, { title, status: 'inactive' }));

  it('keeps a known job and a known person current', async () => {
    const deps = fixture();

    await applyProjectionEvent(deps, jobUpdated('New title'));
    await applyProjectionEvent(deps, aBusMessage(IdentitySubjects.UserUpdated, aUserEvent({ ...person, name: 'New name' })));

    expect((await deps.store.read.projections.jobs([job.uuid])).get(job.uuid)).toMatchObject({
      title: 'New title',
      status: 'inactive',
      company_uuid: job.company_uuid,
    });
    expect((await deps.store.read.projections.people([person.uuid])).get(person.uuid)?.name).toBe('New name');
  });

  it('keeps nothing of jobs and people no interview shows', async () => {
    const deps = fixture();
    await applyProjectionEvent(deps, jobUpdated('Unrelated', aJobRow()));
    await applyProjectionEvent(deps, aBusMessage(IdentitySubjects.UserUpdated, aUserEvent(aPerson())));
    expect(deps.store.read.projections.state.jobs.size).toBe(1);
    expect(deps.store.read.projections.state.people.size).toBe(1);
  });

  it('applies a redelivered event once', async () => {
    const deps = fixture();
    const first = jobUpdated('First');
    await applyProjectionEvent(deps, first);
    await applyProjectionEvent(deps, jobUpdated('Second'));
    await applyProjectionEvent(deps, first);
    expect((await deps.store.read.projections.jobs([job.uuid])).get(job.uuid)?.title).toBe('Second');
  });
});
