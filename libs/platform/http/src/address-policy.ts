import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may be delivered to this IP address: only public unicast
 * addresses. Private, loopback, link-local (169.254.169.254, the cloud
 * metadata service), carrier-grade NAT, unique-local, multicast, reserved and
 * unspecified ranges are refused. An IPv6 form that embeds an IPv4 address
 * (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64 64:ff9b::/96, 6to4)
 * is judged as that IPv4 address; Teredo and other transition ranges are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const ipv4 = parsed.kind() === 'ipv4' ? (parsed as ipaddr.IPv4) : embeddedIPv4(parsed as ipaddr.IPv6);
  return (ipv4 ?? parsed).range() === 'unicast';
}

/** The IPv4 address a deprecated or translation IPv6 form carries, if it is one of them. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = address.parts;
  const last32 = () => ipaddr.IPv4.parse(`${p[6] >> 8}.${p[6] & 0xff}.${p[7] >> 8}.${p[7] & 0xff}`);
  const zero = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 6145)
  if (zero(0, 5) && p[5] === 0xffff) return last32();
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return last32();
  // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291); :: and ::1 keep their own meaning.
  if (zero(0, 6) && (p[6] !== 0 || p[7] > 1)) return last32();
  // 64:ff9b::a.b.c.d, the NAT64 well-known prefix (RFC 6052).
  if (p[0] === 0x64 && p[1] === 0xff9b && zero(2, 6)) return last32();
  // 2002:AABB:CCDD::/48, 6to4 (RFC 3056).
  if (p[0] === 0x2002) return ipaddr.IPv4.parse(`${p[1] >> 8}.${p[1] & 0xff}.${p[2] >> 8}.${p[2] & 0xff}`);
  return undefined;
}

/** A receiver's URL as a field of a request (a webhook's `url`, an ATS's callback URL): what is wrong with it, if anything. */
export function targetUrlErrors(value: string, field: string): Array<{ field: string; reason: string; code: string }> {
  const errors: Array<{ field: string; reason: string; code: string }> = [];
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    errors.push({ field, reason: 'must be an absolute http or https URL', code: 'invalid_format' });
  }
  if (url && url.protocol !== 'http:' && url.protocol !== 'https:') errors.push({ field, reason: 'must use http or https', code: 'invalid_format' });
  if (url && (url.username || url.password)) errors.push({ field, reason: 'must not contain credentials; use http_auth', code: 'invalid_format' });
  if (value.length > 2048) errors.push({ field, reason: 'at most 2048 characters', code: 'too_big' });
  return errors;
}

/**
 * Whether a (well-formed) receiver URL names a private address literally, which is refused unless private targets
 * are allowed; a name is checked after DNS resolution, at every attempt (`guardedLookup`).
 */
export function isRefusedLiteralTarget(value: string, allowPrivateTargets: boolean): boolean {
  if (allowPrivateTargets) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && !isPublicAddress(host);
}
