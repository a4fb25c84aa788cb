import net from 'node:net';

/*
 * Which IP addresses a user-given URL may reach: only globally routable unicast ones. Everything else (this
 * host, the private network, the cloud's metadata service at 169.254.169.254, multicast, documentation and
 * benchmarking ranges) is refused, so a URL typed by a person cannot make the server talk to its own network.
 * The ranges follow IANA's IPv4 and IPv6 special-purpose address registries.
 */

const refusedV4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, shared address space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast 255.255.255.255
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}

const refusedV6 = new net.BlockList();
for (const [network, prefix] of [
  // Only 2000::/3 holds global unicast addresses; these three subnets are everything outside it: the
  // unspecified ::, loopback ::1, IPv4-compatible and IPv4-mapped forms (their embedded IPv4 address is
  // judged before this list), discard-only 100::/64, unique-local fc00::/7, link-local fe80::/10, the old
  // site-local fec0::/10 and multicast ff00::/8.
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID and the like
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of a valid IPv6 address written without a zone ("::ffff:7f00:1", "64:ff9b::10.0.0.1"). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  // A dotted IPv4 tail stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted.slice(1, 5).map(Number));
    text = text.slice(0, dotted.index) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...restGroups].map((g) =>
    parseInt(g, 16),
  );
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function startsWith(bytes: number[], prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that embed one. */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const v4 = (from: number) => bytes.slice(from, from + 4).join('.');
  // IPv4-mapped ::ffff:a.b.c.d: the socket really talks IPv4 to a.b.c.d.
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return v4(12);
  // NAT64's well-known prefix 64:ff9b::/96: the gateway forwards to the embedded address.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return v4(12);
  // 6to4 2002:a.b.c.d::/48: routed towards the embedded address.
  if (startsWith(bytes, [0x20, 0x02])) return v4(2);
  return undefined;
}

/**
 * Whether a server may connect to this IP address on behalf of a user: true only for a globally routable
 * unicast IPv4 or IPv6 address. Anything that is not an IP address at all, or carries a zone ("fe80::1%eth0"),
 * is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const version = net.isIP(ip);
  if (version === 4) return !refusedV4.check(ip, 'ipv4');
  if (version !== 6 || ip.includes('%')) return false;
  const v4 = embeddedIpv4(ip);
  if (v4 !== undefined) return net.isIPv4(v4) && !refusedV4.check(v4, 'ipv4');
  return !refusedV6.check(ip, 'ipv6');
}
