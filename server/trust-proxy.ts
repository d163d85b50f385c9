import { TRUST_PROXY_TRUE_REFUSED } from "~/platform/env.server";

/**
 * Parses TRUST_PROXY for Express's "trust proxy" setting: "false", a hop count, or a list of
 * addresses/subnets (e.g. "loopback" or "10.0.0.0/8"). "true" stops the start (TRUST_PROXY_TRUE_REFUSED).
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  if (!value || value === "false") return false;
  if (value === "true") throw new Error(`TRUST_PROXY: ${TRUST_PROXY_TRUE_REFUSED}`);
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
