import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { listHref } from "~/utils/paging";

/** A tab's page of its list, as its loader reads it (`?q=`, `?page=`). */
export type ListPage = { q: string; page: number; pages: number; total: number };

/**
 * A tab's search (a GET form, so it works without JavaScript and each search has its address) and
 * what it found; the list itself comes between, then the page links.
 */
export function ListControls({
  tab,
  list,
  name,
  hint,
  children,
}: {
  tab: string;
  list: ListPage;
  /** The list's name, for the search's and the pages' labels ("victories"). */
  name: string;
  /** What the search looks in. */
  hint: string;
  children: ReactNode;
}) {
  const t = useAdminT();
  const searchId = `${name.replace(/\W+/g, "-")}-search`;
  return (
    <>
      <Form method="get" action={tab} role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <label htmlFor={searchId} className="sr-only">
          {t("list.searchLabel", { list: name })}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          defaultValue={list.q}
          maxLength={100}
          placeholder={hint}
          aria-label={t("list.searchLabel", { list: name })}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-stone-300 px-3 py-2 text-sm"
        />
        <button type="submit" className={buttonClass.secondary}>
          {t("list.search")}
        </button>
        {list.q ? (
          <Link to={tab} className={buttonClass.secondary}>
            {t("list.clear")}
          </Link>
        ) : null}
      </Form>
      {list.q ? (
        <p className="mb-2 text-sm text-stone-700" role="status">
          {list.total ? t("list.found", { count: list.total, q: list.q }) : t("list.none", { q: list.q })}
        </p>
      ) : null}
      {children}
      <AdminPageLinks tab={tab} list={list} name={name} />
    </>
  );
}

function AdminPageLinks({ tab, list, name }: { tab: string; list: ListPage; name: string }) {
  const t = useAdminT();
  if (list.pages <= 1) return null;
  const href = (page: number) => listHref(tab, { q: list.q, page });
  return (
    <nav aria-label={t("list.pages", { list: name })} className="mt-4 flex items-center justify-between gap-4 text-sm">
      {list.page > 1 ? (
        <Link to={href(list.page - 1)} rel="prev" className={buttonClass.small}>
          {t("list.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-700">{t("list.pageOf", { page: list.page, pages: list.pages })}</span>
      {list.page < list.pages ? (
        <Link to={href(list.page + 1)} rel="next" className={buttonClass.small}>
          {t("list.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
