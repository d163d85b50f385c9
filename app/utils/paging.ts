/**
 * Paging and choosing by GET parameters, shared by the public lists and the admin tabs: a page
 * number is `1`-`99999` written plainly (no sign, no leading zero); anything else is no page at all,
 * which the page answers with its "not found" (never a render the page cache would keep), so
 * made-up values cannot each take a place in the cache.
 */

/** The page `?page=` names; 1 without one; null for anything that is not a plain page number. */
export function pageParam(params: URLSearchParams, name = "page"): number | null {
  const values = params.getAll(name);
  if (values.length === 0) return 1;
  if (values.length > 1) return null;
  return /^[1-9]\d{0,4}$/.test(values[0]!) ? Number(values[0]) : null;
}

/** A season (a year, `?season=2026`), undefined without one, null for anything else. */
export function seasonParam(params: URLSearchParams, name = "season"): number | null | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1) return null;
  return /^(19|20)\d\d$/.test(values[0]!) ? Number(values[0]) : null;
}

/** A search text (`?q=`): trimmed, at most `max` characters; "" without one. */
export function searchParam(params: URLSearchParams, name = "q", max = 100): string {
  return (params.get(name) ?? "").trim().slice(0, max);
}

/**
 * The address of a page of a list with the given parameters, empty ones left out (page 1 and an
 * empty search are the plain address), in a fixed order so each page has one address.
 */
export function listHref(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (name === "page" && Number(value) === 1) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
