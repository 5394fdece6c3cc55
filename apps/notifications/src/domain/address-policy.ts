import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may be delivered to this IP address: only public unicast
 * addresses. Private, loopback, link-local (169.254.169.254, the cloud
 * metadata service), carrier-grade NAT, unique-local, multicast, reserved and
 * unspecified ranges are refused, IPv4-mapped IPv6 addresses as their IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}
