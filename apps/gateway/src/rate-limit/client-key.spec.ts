import type { Request } from 'express';
import { clientKey, clientKeyOf } from './client-key';

describe('clientKey', () => {
  it('groups an IPv6 client by its /64, whatever the spelling of the address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:0000:0000:0000:0009')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('keeps each IPv4 address apart and counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).toBe('203.0.113.8');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves what is no address as it is (a peer whose address is unknown)', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });

  it("reads a request's address as Express found it", () => {
    expect(clientKeyOf({ ip: '2001:db8:5:6:7::8' } as Request)).toBe('2001:db8:5:6::/64');
    expect(clientKeyOf({ ip: undefined } as Request)).toBe('unknown');
  });
});
