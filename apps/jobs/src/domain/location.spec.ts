import { formatAddress } from './location';

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
