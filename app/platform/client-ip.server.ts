import net from "node:net";

/**
 * The header our Express layer (server/app.ts) overwrites on every request with the client's
 * address as Express sees it (honouring TRUST_PROXY), so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

/** The client's address for rate limits and logs; "unknown" outside the Express server (tests). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/** The network the client's address belongs to: what rate limits count (see networkOf). */
export function clientNetwork(request: Request): string {
  return networkOf(clientIp(request));
}

/** The eight 16-bit groups of an IPv6 address (valid per net.isIPv6, zone id removed). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * One client for the rate limits: an IPv4 address as it is, an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) as its IPv4 address, and any other IPv6 address as its /64, the block a single
 * home or server connection gets and can pick addresses from at will.
 */
export function networkOf(ip: string): string {
  const address = ip.trim().replace(/%.*$/, "");
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return address || "unknown";
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
