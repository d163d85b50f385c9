/**
 * Parses TRUST_PROXY for Express's "trust proxy" setting: "true"/"false", a hop count, or a list of
 * addresses/subnets (e.g. "loopback" or "10.0.0.0/8").
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
