import { requireAdmin, type SessionUser } from "~/auth/auth.server";
import { adminTranslator, type AdminKey, type AdminTranslate } from "~/i18n/admin/dictionary";
import { toastMessage, type Toast } from "~/toast/toast";
import { readForPage } from "~/platform/public-read.server";
import { pageParam, searchParam } from "~/utils/paging";
import type { Paged } from "~/models/list-search";

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

/** How many records a tab lists on a page. */
export const TAB_PAGE_SIZE = 25;

/**
 * What a tab's list is asked for: its search (`?q=`, at most 100 characters) and page (`?page=`;
 * anything but a plain page number is the first).
 */
export function listParams(request: Request): { q: string; page: number } {
  const params = new URL(request.url).searchParams;
  return { q: searchParam(params), page: pageParam(params) ?? 1 };
}

/** A page of a list, the last one when the page asked for is past it (records deleted meanwhile). */
export async function readListPage<T>(read: (page: number) => Promise<Paged<T>>, page: number): Promise<Paged<T>> {
  const first = await read(page);
  return first.page > first.pages ? read(first.pages) : first;
}

/** A list that could not be read: empty, one page. */
export function emptyPage<T>(): Paged<T> {
  return { items: [], page: 1, pages: 1, total: 0 };
}

/**
 * The record the address opens (`?edit=id`) or was just saved (`?saved=id`) when it is not on the
 * page read, so its form opens and its row shows wherever it is in the list; null for neither.
 */
export function extraRecordId(request: Request, onPage: readonly { id: string }[]): string | null {
  const params = new URL(request.url).searchParams;
  for (const name of ["edit", "saved"]) {
    const id = params.get(name);
    if (id && id.length <= 64 && !onPage.some((r) => r.id === id)) return id;
  }
  return null;
}

/**
 * A tab's page of records (the last page when the one asked for is past it), with the record the
 * address opens or just saved put first when it is not on that page (extraRecordId). Records are
 * known by their `id`, or by what `idOf` gives.
 */
export function readTabPage<T extends { id: string }>(
  request: Request,
  page: number,
  read: (page: number) => Promise<Paged<T>>,
  readOne: (id: string) => Promise<T | null>,
): Promise<Paged<T>>;
export function readTabPage<T>(
  request: Request,
  page: number,
  read: (page: number) => Promise<Paged<T>>,
  readOne: (id: string) => Promise<T | null>,
  idOf: (record: T) => string,
): Promise<Paged<T>>;
export async function readTabPage<T>(
  request: Request,
  page: number,
  read: (page: number) => Promise<Paged<T>>,
  readOne: (id: string) => Promise<T | null>,
  idOf = (record: T) => (record as { id: string }).id,
): Promise<Paged<T>> {
  const list = await readListPage(read, page);
  const extraId = extraRecordId(
    request,
    list.items.map((record) => ({ id: idOf(record) })),
  );
  const extra = extraId ? await readOne(extraId) : null;
  return { ...list, items: extra ? [extra, ...list.items] : list.items };
}
