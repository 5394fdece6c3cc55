import { isPublicAddress } from './address-policy';

describe('webhook target addresses', () => {
  it('allows public unicast addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '::ffff:93.184.216.34',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
      '::5db8:d822',
    ])
      expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: true });
  });

  it('refuses private, loopback, link-local, metadata, CGNAT, unique-local, multicast, reserved and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      'not-an-address',
    ]) {
      expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: false });
    }
  });

  it('judges an IPv6 form that embeds an IPv4 address as that address, and refuses Teredo', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::a9fe:a9fe',
      '::a00:1',
      '::ffff:0:7f00:1',
      '::ffff:0:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::c0a8:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:0a00:0001::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '::2',
    ]) {
      expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: false });
    }
  });
});
