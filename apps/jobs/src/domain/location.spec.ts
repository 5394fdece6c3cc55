import { formatAddress, type LocationInput } from './location';

describe('formatAddress', () => {
  it('joins the parts of an address, leaving empty ones out', () => {
    expect(formatAddress({ kind: 'address', city: 'Austin', state: 'TX', country: 'United States' })).toBe('Austin, TX, United States');
    expect(formatAddress({ kind: 'address', city: ' Paris ', state: '', country: 'France' })).toBe('Paris, France');
  });

  it('shows remote work as Remote and on-site or hybrid work as its place', () => {
    expect(formatAddress({ kind: 'locality', workMode: 'remote', workPlace: '' })).toBe('Remote');
    expect(formatAddress({ kind: 'locality', workMode: 'on_site', workPlace: 'Berlin office' })).toBe('Berlin office');
    expect(formatAddress({ kind: 'locality', workMode: 'hybrid', workPlace: 'Leeds ' })).toBe('Leeds');
  });
});

// Decision 011: "City, State, Country" with empty parts left out, "Remote", or the work place.
describe('formatAddress (decision 011 cases)', () => {
  it.each<[string, LocationInput, string]>([
    ['every part', { kind: 'address', city: 'Austin', state: 'TX', country: 'United States' }, 'Austin, TX, United States'],
    ['an empty state', { kind: 'address', city: 'Paris', state: '', country: 'France' }, 'Paris, France'],
    ['a blank state', { kind: 'address', city: 'Paris', state: '   ', country: 'France' }, 'Paris, France'],
    ['padded parts', { kind: 'address', city: '  São Paulo ', state: ' SP', country: 'Brazil  ' }, 'São Paulo, SP, Brazil'],
    ['case as given', { kind: 'address', city: 'austin', state: 'tx', country: 'UNITED STATES' }, 'austin, tx, UNITED STATES'],
    ['commas inside a part', { kind: 'address', city: 'Washington', state: 'D.C.', country: 'United States' }, 'Washington, D.C., United States'],
  ])('an address with %s', (_name, input, expected) => {
    expect(formatAddress(input)).toBe(expected);
  });

  it.each<[string, LocationInput, string]>([
    ['remote', { kind: 'locality', workMode: 'remote', workPlace: '' }, 'Remote'],
    ['on site', { kind: 'locality', workMode: 'on_site', workPlace: 'Acme HQ, 5th floor' }, 'Acme HQ, 5th floor'],
    ['hybrid', { kind: 'locality', workMode: 'hybrid', workPlace: 'Lisbon hub' }, 'Lisbon hub'],
    ['a padded work place', { kind: 'locality', workMode: 'on_site', workPlace: '  Denver office  ' }, 'Denver office'],
  ])('a locality: %s', (_name, input, expected) => {
    expect(formatAddress(input)).toBe(expected);
  });

  it('addresses that differ only in case format to strings equal ignoring case (so they can share a location)', () => {
    const a = formatAddress({ kind: 'address', city: 'Austin', state: 'TX', country: 'United States' });
    const b = formatAddress({ kind: 'address', city: 'AUSTIN', state: 'tx', country: 'united states' });
    expect(a).not.toBe(b);
    expect(a.toLowerCase()).toBe(b.toLowerCase());
  });
});
