import { aCompany, aCompanySummary, overTheWire } from '../../test/factories';
import { Company } from '../generated/identity';
import { companyJson, CompanyView } from './company.view';

const acme = aCompanySummary();

describe('companyJson', () => {
  it('renders the company of the reference', () => {
    const sut = companyJson(overTheWire(Company, aCompany()));
    expect(sut).toEqual({
      ...acme,
      website: 'https://acme.example.com',
      summary: 'We make everything.',
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-23T09:30:00+00:00',
      horizontal_logo: 'https://acme.example.com/logo.svg',
      social: { facebook: '', twitter: 'https://x.com/acme', youtube: '', gplus: '', pintrest: '', rss: '' },
      location: { uuid: '0b1c2d3e-0000-4000-8000-00000000000e', formatted_address: 'Paris, France', google_place_id: 'ChIJD7fiBh9u5kcRYJSMaMOCCwQ' },
      video: {
        url: 'https://video.example.com/v/1',
        mobile: 'https://video.example.com/m/1',
        embed: '<iframe></iframe>',
        thumbnail: 'https://video.example.com/t/1.jpg',
      },
      industry: { uuid: '0b1c2d3e-0000-4000-8000-00000000000f', name: 'Software' },
    });
    expect(CompanyView.parse(sut)).toEqual(sut);
  });

  it('a profile without logo, links, headquarters, video or industry shows each as null', () => {
    const sut = companyJson(
      overTheWire(Company, aCompany({ horizontal_logo: '', social: undefined, location: undefined, video: undefined, industry: undefined })),
    );
    expect(sut).toMatchObject({ horizontal_logo: null, social: null, location: null, video: null, industry: null });
    expect(CompanyView.parse(sut)).toEqual(sut);
  });
});
