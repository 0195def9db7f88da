import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';

/** Addresses a partner's endpoint may not reach: loopback, private, shared, link-local, unspecified. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IPv4 or IPv6 literal) is internal; false for anything else. */
export function isInternalAddress(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && INTERNAL.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** True for `localhost` (with or without a final dot) and IP literals of internal addresses (a hostname is not resolved here). */
export function namesInternalHost(hostname: string): boolean {
  // `localhost.` (a fully qualified name) is `localhost` too.
  let host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host);
}

/** Raised (as a connection error) when a webhook's host resolves to an internal address. */
export class InternalAddressError extends Error {
  override name = 'InternalAddressError';
}

/** How host names are resolved: `dns.lookup` with `all: true` (a test may answer for DNS). */
export type ResolveAll = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: ResolveAll = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/**
 * A `net.connect` lookup that resolves with `resolve` but refuses a host any of whose addresses is
 * internal, so a hostname that points (or is re-pointed, DNS rebinding) into the platform's network
 * is never connected to: the check and the connection use the same answer.
 */
export function publicOnlyLookup(resolve: ResolveAll = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((entry) => !options.family || entry.family === options.family);
      const first = usable[0];
      if (!first || addresses.some((entry) => isInternalAddress(entry.address))) {
        return callback(new InternalAddressError(`${hostname} resolves to an internal address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, usable);
      return callback(null, first.address, first.family);
    });
  };
}

let systemDispatcher: Agent | undefined;

/**
 * The HTTP dispatcher webhook deliveries use outside tests and development: connections only to
 * public addresses (`publicOnlyLookup`; an IP literal is checked by the caller before sending).
 * @param resolve DNS resolution; the system's when left out (one shared agent)
 */
export function publicOnlyDispatcher(resolve?: ResolveAll): Agent {
  if (resolve) return new Agent({ connect: { lookup: publicOnlyLookup(resolve) } });
  systemDispatcher ??= new Agent({ connect: { lookup: publicOnlyLookup() } });
  return systemDispatcher;
}
