import { toastMessage, type Toast } from "~/toast/toast";
import { readForPage } from "~/platform/public-read.server";

/**
 * A tab loader's read (logged like a page's, see readForPage): its value, or, when the read fails,
 * `fallback` (an empty list, say) and the spec's 'Failed to fetch <what>' toast, so that the tab
 * still opens and its forms still work.
 */
export async function readForTab<T>(
  what: string,
  read: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; error: Toast | null }> {
  const result = await readForPage(what, read);
  return result.ok
    ? { value: result.value, error: null }
    : { value: fallback, error: toastMessage("error", "Error", `Failed to fetch ${what}`) };
}
