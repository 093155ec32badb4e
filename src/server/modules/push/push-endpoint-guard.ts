import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/*
 * Push endpoints are addresses people hand us (docs/decisions/032-push-reminders.md): before Stride
 * sends anything there, the host is resolved and every address it has must be a public unicast one, so
 * an endpoint cannot make the server reach its own network (loopback, private, link-local, unique-local,
 * multicast, unspecified, reserved; IPv4 inside IPv6 as mapped, NAT64 or 6to4 is judged as the IPv4
 * address it carries). The check runs again at send time and the request goes to the address it
 * approved, so a name that changes its answer in between (DNS rebinding) gains nothing. Outside
 * production a loopback endpoint is allowed too, over http or https, for a test's own push service.
 */

export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

export type EndpointPolicy = {
  production: boolean;
  /** Resolves a host name to its addresses; DNS by default. */
  resolve?: (host: string) => Promise<string[]>;
};

export type VettedEndpoint = { url: URL; address: string; family: 4 | 6 };

const dnsResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4), else undefined. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const bytes = address.toByteArray();
  const range = address.range();
  if (range === 'rfc6052') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

type Kind = 'public' | 'loopback' | 'other';

/** Whether an address is public unicast, loopback, or anything else. */
export function addressKind(text: string): Kind {
  if (!ipaddr.isValid(text)) return 'other';
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6') {
    const inner = embeddedIPv4(parsed as ipaddr.IPv6);
    if (inner) return addressKind(inner.toString());
  }
  const range = parsed.range();
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  return 'other';
}

/** The endpoint's URL and the one address to send to, or a PushEndpointRefused naming why. */
export async function vetPushEndpoint(endpoint: string, policy: EndpointPolicy): Promise<VettedEndpoint> {
  if (!URL.canParse(endpoint)) throw new PushEndpointRefused('endpoint is not an address');
  const url = new URL(endpoint);
  if (url.username || url.password)
    throw new PushEndpointRefused('endpoint must not carry a user name or password');
  if (url.protocol !== 'https:' && (policy.production || url.protocol !== 'http:')) {
    throw new PushEndpointRefused('endpoint must be an https address');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await (policy.resolve ?? dnsResolve)(host);
  } catch {
    throw new PushEndpointRefused(`endpoint's host ${host} cannot be found`);
  }
  if (addresses.length === 0) throw new PushEndpointRefused(`endpoint's host ${host} cannot be found`);
  const kinds = addresses.map(addressKind);
  const allowed = (kind: Kind) => kind === 'public' || (!policy.production && kind === 'loopback');
  if (!kinds.every(allowed)) throw new PushEndpointRefused('endpoint must be on a public address');
  // Plain http only to this machine, and only outside production (above): a test's own push service.
  if (url.protocol === 'http:' && !kinds.every((kind) => kind === 'loopback')) {
    throw new PushEndpointRefused('endpoint must be an https address');
  }
  const address = addresses[0] as string;
  return { url, address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 };
}
