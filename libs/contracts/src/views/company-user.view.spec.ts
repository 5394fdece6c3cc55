import { aCompanySummary, aCompanyUser, aUserSummary, overTheWire } from '../../test/factories';
import { CompanyUser } from '../generated/identity';
import { companyUserJson, CompanyUserView } from './company-user.view';

const ada = aUserSummary();
const acme = aCompanySummary();

describe('companyUserJson', () => {
  it('renders the company user of the reference, role included', () => {
    const sut = companyUserJson(overTheWire(CompanyUser, aCompanyUser({ role: 'standard', active: false })));
    expect(sut).toEqual({
      uuid: ada.uuid,
      active: false,
      name: ada.name,
      email: ada.email,
      role: 'standard',
      avatar: ada.avatar,
      company: acme,
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-23T09:30:00+00:00',
    });
    expect(CompanyUserView.parse(sut)).toEqual(sut);
  });
});
