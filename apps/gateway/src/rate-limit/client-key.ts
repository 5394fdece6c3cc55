import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client a per-IP limit counts against (decision 004), the one rule of every such limit: an IPv4 address, or the
 * /64 of an IPv6 one (one subscriber's whole prefix: a host can use any of its 2^64 addresses). An IPv4-mapped IPv6
 * address counts as its IPv4 address; anything that is no address (an unknown peer) is its own key.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

/** The client key of an HTTP request: its address as Express finds it (`TRUST_PROXY` decides which hop), grouped by `clientKey`. */
export function clientKeyOf(req: Request): string {
  return clientKey(req.ip ?? 'unknown');
}
