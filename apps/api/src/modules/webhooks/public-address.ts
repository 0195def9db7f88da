import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/*
 * Which addresses a partner's webhook endpoint may reach (issue 34 items 1 and 7): public unicast
 * only, as classified by ipaddr.js (its IANA special-purpose registries: private, loopback,
 * link-local, shared, documentation, benchmarking, multicast, reserved, broadcast, unique local,
 * Teredo, discard, ...). IPv6 forms that carry an IPv4 address are judged by that IPv4 address:
 * IPv4-mapped `::ffff:0:0/96`, NAT64 `64:ff9b::/96` and 6to4 `2002::/16`. Refused whole: the
 * deprecated IPv4-compatible `::/96` (`::1`, `::` and `[::127.0.0.1]` among them) and the local-use
 * NAT64 prefix `64:ff9b:1::/48`, neither of which a public endpoint uses.
 */

/** The IPv4 address in bits 96-127 (IPv4-mapped, NAT64 /96) or 16-47 (6to4) of an IPv6 address. */
function embeddedIPv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** `::a.b.c.d`, which ipaddr.js reads as `::ffff:a.b.c.d`; it is IPv4-compatible `::/96`. */
const IPV4_COMPATIBLE_DOTTED = /^::\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Whether an IPv6 address (parsed) may be reached: by its embedded IPv4 address where it has one. */
function isPublicIPv6(address: ipaddr.IPv6): boolean {
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = address.parts;
  const upper80Zero = p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0;
  if (upper80Zero && p5 === 0xffff) return embeddedIPv4(p6, p7).range() === 'unicast';
  if (upper80Zero && p5 === 0) return false; // IPv4-compatible ::/96, with :: and ::1
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) {
    return embeddedIPv4(p6, p7).range() === 'unicast';
  }
  if (p0 === 0x2002) return embeddedIPv4(p1, p2).range() === 'unicast';
  return address.range() === 'unicast';
}

/**
 * True when `address`, an IPv4 or IPv6 literal in standard notation (as DNS answers and the URL
 * parser give them; an IPv6 zone `%eth0` allowed), is anything but a public unicast address;
 * false for anything that is not such a literal (a host name).
 */
export function isInternalAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return ipaddr.IPv4.parse(address).range() !== 'unicast';
  if (version !== 6) return false;
  const bare = address.replace(/%.*$/s, '').toLowerCase();
  if (IPV4_COMPATIBLE_DOTTED.test(bare)) return true;
  return !isPublicIPv6(ipaddr.IPv6.parse(bare));
}

/**
 * True for `localhost` (with or without a final dot, and its subdomains), internal IP literals,
 * and IPv4 literals in an odd spelling (`0x7f.1`, `2130706433`, `0177.0.0.1`; the URL parser
 * already turns these into `127.0.0.1`, so any that arrives here is refused rather than guessed
 * at). A host name is not resolved here.
 * @param hostname a URL's `hostname` (IPv6 in brackets or not)
 */
export function namesInternalHost(hostname: string): boolean {
  // `localhost.` (a fully qualified name) is `localhost` too.
  let host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  while (host.endsWith('.')) host = host.slice(0, -1);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 0) return ipaddr.IPv4.isValid(host);
  return isInternalAddress(host);
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

/**
 * Where an address that passed the check is connected to: itself, except in tests, which check a
 * public address their resolver gave and connect to a local receiver instead.
 */
export type ReachAddress = (checked: LookupAddress) => LookupAddress;

/** How endpoint hosts are looked up and reached; the system's DNS and the address itself by default. */
export interface AddressNetwork {
  resolve?: ResolveAll;
  /** Tests only. */
  reach?: ReachAddress;
}

const systemResolve: ResolveAll = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/**
 * A `net.connect` lookup that resolves with `network.resolve` but refuses a host any of whose
 * addresses is internal, so a hostname that points (or is re-pointed, DNS rebinding) into the
 * platform's network is never connected to: the check and the connection use the same answer.
 */
export function publicOnlyLookup(network: AddressNetwork = {}): LookupFunction {
  const resolve = network.resolve ?? systemResolve;
  const reach = network.reach ?? ((checked: LookupAddress) => checked);
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((entry) => !options.family || entry.family === options.family);
      const first = usable[0];
      if (!first || addresses.some((entry) => isInternalAddress(entry.address))) {
        return callback(new InternalAddressError(`${hostname} resolves to an internal address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, usable.map(reach));
      const reached = reach(first);
      return callback(null, reached.address, reached.family);
    });
  };
}

let systemDispatcher: Agent | undefined;

/**
 * The HTTP dispatcher webhook deliveries use outside tests and development: connections only to
 * public addresses (`publicOnlyLookup`; an IP literal is checked by the caller before sending).
 * @param network DNS resolution (and, in tests, where checked addresses are reached); the
 *   system's when left out (one shared agent)
 */
export function publicOnlyDispatcher(network?: AddressNetwork): Agent {
  if (network?.resolve || network?.reach) return new Agent({ connect: { lookup: publicOnlyLookup(network) } });
  systemDispatcher ??= new Agent({ connect: { lookup: publicOnlyLookup() } });
  return systemDispatcher;
}
