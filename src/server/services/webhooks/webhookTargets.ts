/**
 * Where a web hook may be sent. A registration names any URL, and the service then POSTs to it
 * from inside the deployment's network, so an unchecked URL would let a caller probe or hit
 * internal services (SSRF: the cloud metadata address, the database, localhost admin ports).
 *
 * Two checks, because a DNS name can point anywhere and change between them:
 * - checkWebhookUri, when a registration is written: an absolute http(s) URL without credentials
 *   whose host, when it is a literal address (in any form the URL parser accepts: decimal,
 *   hex, IPv4-mapped IPv6...) or `localhost`, is not forbidden;
 * - safeLookup, at connect time (node:http's `lookup` option): every address the name resolves
 *   to must be allowed, so a name resolving to 127.0.0.1 or 169.254.169.254 (DNS rebinding) is
 *   refused before a byte is sent.
 * Only global unicast addresses are allowed; WEBHOOKS_ALLOW_PRIVATE_TARGETS=1 allows every address
 * (tests and receivers on the same network). Address classes come from ipaddr.js, not own regexes.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** The longest web hook URL accepted. */
export const MAX_WEBHOOK_URI_LENGTH = 2000;

/**
 * True when a web hook must not be sent to this address: anything but global unicast (private,
 * loopback, link-local, unspecified, broadcast, multicast, carrier-grade NAT, unique-local,
 * reserved, IPv4 embedded in IPv6 forms, ...). An unparsable string counts as forbidden.
 */
export function isForbiddenAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // A zone id (fe80::1%eth0) only appears on link-local addresses.
  if (bare.includes('%')) return true;
  if (!ipaddr.isValid(bare)) return true;
  // ipaddr.process turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into its IPv4 address.
  const address = ipaddr.process(bare);
  return address.range() !== 'unicast';
}

/** True when a URL host (as the WHATWG parser leaves it) is an IP literal. */
function isIpLiteral(host: string): boolean {
  if (host.startsWith('[') && host.endsWith(']')) return true;
  return ipaddr.IPv4.isValidFourPartDecimal(host);
}

/** Names that always mean this machine, whatever DNS says. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Null when a registration may name this URL, else the reason (shown to the caller). The URL
 * parser normalises the host first, so http://2130706433 and http://0x7f000001 are 127.0.0.1 here.
 */
export function checkWebhookUri(uri: string, allowPrivate: boolean): string | null {
  if (uri.length > MAX_WEBHOOK_URI_LENGTH) return `The URL must be at most ${MAX_WEBHOOK_URI_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'The URL must be an absolute http or https URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must use http or https.';
  if (url.username !== '' || url.password !== '') return 'The URL must not contain a user name or password.';
  if (url.hostname === '') return 'The URL must name a host.';
  if (allowPrivate) return null;
  if (isLocalName(url.hostname)) return 'The URL must not point at this machine (localhost).';
  if (isIpLiteral(url.hostname) && isForbiddenAddress(url.hostname)) {
    return 'The URL must not point at a private, loopback, link-local or otherwise non-public address.';
  }
  return null;
}

/** The error a refused connection fails with (a delivery attempt records its message). */
export class ForbiddenTargetError extends Error {
  readonly code = 'EWEBHOOKTARGET';
  constructor(hostname: string, address: string) {
    super(`Web hook target ${hostname} resolves to ${address}, a non-public address.`);
    this.name = 'ForbiddenTargetError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http/https `request` (and net.connect): resolves the name like dns.lookup,
 * then fails with ForbiddenTargetError when ANY resolved address is forbidden (unless allowed), so
 * no connection is opened to one. Answers in both shapes Node asks for (`all: true` or a single
 * address), since Node's happy-eyeballs connect asks for all addresses.
 */
export function safeLookup(allowPrivate: boolean): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, options.all ? [] : '');
        return;
      }
      if (addresses.length === 0) {
        const notFound: NodeJS.ErrnoException = new Error(`No address for ${hostname}.`);
        notFound.code = 'ENOTFOUND';
        callback(notFound, options.all ? [] : '');
        return;
      }
      if (!allowPrivate) {
        const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address));
        if (forbidden) {
          callback(new ForbiddenTargetError(hostname, forbidden.address), options.all ? [] : '');
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else {
        const [first] = addresses as [LookupAddress];
        callback(null, first.address, first.family);
      }
    });
  };
}
