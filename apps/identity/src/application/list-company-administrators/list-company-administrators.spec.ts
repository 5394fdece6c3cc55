import { memoryStore } from '@vi/platform-testing';
import { aCompany, aService, aUser, DEFAULT_AVATAR, principalOf } from '../../../test/factories';
import { InMemoryCompanies, InMemoryUsers } from '../../../test/fakes';
import { listCompanyAdministrators } from './list-company-administrators';

describe('listCompanyAdministrators', () => {
  const [company, other] = [aCompany(), aCompany({ name: 'Other' })];
  const admin = aUser(company, { name: 'Ada', role: 'administrator' });
  const inactive = aUser(company, { name: 'Ina', role: 'administrator', active: false });
  const standard = aUser(company, { name: 'Stan', role: 'standard' });
  const elsewhere = aUser(other, { name: 'Otto', role: 'administrator' });
  const sut = (principal = aService('notifications'), companyUuid = company.uuid) =>
    listCompanyAdministrators(
      {
        store: memoryStore({ users: new InMemoryUsers(admin, inactive, standard, elsewhere), companies: new InMemoryCompanies(company, other) }),
        defaultAvatarUrl: DEFAULT_AVATAR,
      },
      principal,
      companyUuid,
    );

  it("answers a service the company's active administrators only (issue 42: who hears of an accommodation request)", async () => {
    expect((await sut()).users.map((u) => u.name)).toEqual(['Ada']);
  });

  it("answers a company user their own company's, and another company's as not found", async () => {
    expect((await sut(principalOf(standard))).users.map((u) => u.name)).toEqual(['Ada']);
    await expect(sut(principalOf(standard), other.uuid)).rejects.toMatchObject({ code: 'api.company_not_found' });
  });
});
