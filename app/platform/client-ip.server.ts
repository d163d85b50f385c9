/**
 * The header our Express layer (server/app.ts) overwrites on every request with the client's
 * address as Express sees it (honouring TRUST_PROXY), so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

/** The client's address for rate limits and logs; "unknown" outside the Express server (tests). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
