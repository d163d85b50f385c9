import { pathTo } from "~/pages/registry";

const BASE = "http://same.invalid";

/**
 * A same-origin path to go to after signing in, or the fallback. The value is normalised the way a
 * browser will read it (dot segments, '%2e', tabs and newlines dropped…) and the result is checked
 * again, so nothing that becomes `//host` or `/\host` after normalising can leave the site.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = pathTo("home")): string {
  if (typeof to !== "string" || to.length > 2048) return fallback;
  // Browsers drop tabs and newlines inside URLs and treat '\' as '/'; refuse both outright.
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPath(result) ? result : fallback;
}

/** A path that every browser resolves to this site: one leading slash, no second slash or backslash after it. */
function isLocalPath(path: string) {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  try {
    return new URL(path, BASE).origin === BASE;
  } catch {
    return false;
  }
}
