import { requireAdmin, type SessionUser } from "~/auth/auth.server";
import { adminTranslator, type AdminKey, type AdminTranslate } from "~/i18n/admin/dictionary";
import { toastMessage, type Toast } from "~/toast/toast";
import { readForPage } from "~/platform/public-read.server";

/** The administrator opening a tab, and the dashboard's texts in the language the account chose. */
export async function openTab(request: Request): Promise<{ user: SessionUser; t: AdminTranslate }> {
  const user = await requireAdmin(request);
  return { user, t: adminTranslator(user.adminLang) };
}

/** What a tab reads, named as its 'Failed to fetch …' text is: `fetch.<topic>`. */
export type FetchTopic = AdminKey extends infer K ? (K extends `fetch.${infer T}` ? T : never) : never;

/**
 * A tab loader's read (logged like a page's, see readForPage): its value, or, when the read fails,
 * `fallback` (an empty list, say) and the spec's 'Failed to fetch <what>' toast, so that the tab
 * still opens and its forms still work.
 */
export async function readForTab<T>(
  t: AdminTranslate,
  what: FetchTopic,
  read: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; error: Toast | null }> {
  const result = await readForPage(what, read);
  return result.ok
    ? { value: result.value, error: null }
    : { value: fallback, error: toastMessage("error", t("toast.error"), t(`fetch.${what}`)) };
}
