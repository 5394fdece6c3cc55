import { aCompanySummary, aMe, aPlan, aUserSummary, overTheWire } from '../../test/factories';
import { Me } from '../generated/identity';
import { meJson, MeView } from './me.view';
import { planJson } from './plan.view';

const ada = aUserSummary();
const acme = aCompanySummary();

describe('meJson', () => {
  it('a company user: their company with its plan, as GET /plan shows it', () => {
    const sut = meJson(overTheWire(Me, aMe({ company: { ...aCompanySummary(), plan: aPlan() } })));
    expect(sut).toEqual({ ...ada, type: 'company_user', company: { ...acme, plan: planJson(aPlan()) } });
    expect(MeView.parse(sut)).toEqual(sut);
  });

  it('a job seeker: company null', () => {
    const sut = meJson(overTheWire(Me, aMe({ type: 'job_seeker', company: undefined })));
    expect(sut).toEqual({ ...ada, type: 'job_seeker', company: null });
    expect(MeView.parse(sut)).toEqual(sut);
  });
});
