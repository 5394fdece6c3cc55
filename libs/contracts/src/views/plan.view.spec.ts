import { aPlan, overTheWire } from '../../test/factories';
import { Plan } from '../generated/identity';
import { planJson, PlanView } from './plan.view';

const plan = {
  name: 'Pro',
  started_at: '2026-11-22T10:00:00+00:00',
  renews_at: '2026-12-22T10:00:00+00:00',
  jobs: { remaining: 7, limit: 10 },
  users: { remaining: 2, limit: 5, paid: 1 },
  features: { advanced_share_links: true, interview_sms_notifications: false },
};

describe('planJson', () => {
  it('renders the plan of the reference, without its internal code; downgrades_to only after a downgrade', () => {
    const sut = planJson(overTheWire(Plan, aPlan()));
    expect(sut).toEqual(plan);
    expect(PlanView.parse(sut)).toEqual(sut);
    const downgraded = planJson(overTheWire(Plan, aPlan({ downgrades_to: { name: 'Basic', at: '2026-12-22T10:00:00+00:00' } })));
    expect(downgraded.downgrades_to).toEqual({ name: 'Basic', at: '2026-12-22T10:00:00+00:00' });
    expect(PlanView.parse(downgraded)).toEqual(downgraded);
  });
});
