import { Link } from "react-router";
import { useT } from "~/i18n/use-lang";
import { cn } from "~/utils/cn";

/**
 * A list's choice of season: a link per season, the one shown marked. Plain links, so it works
 * without JavaScript and each season has one address.
 */
export function SeasonChoice({
  seasons,
  current,
  href,
  label,
  className,
}: {
  seasons: readonly number[];
  current: number | null;
  href: (season: number) => string;
  label: string;
  className?: string;
}) {
  if (seasons.length < 2) return null;
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center gap-2", className)}>
      <span className="text-sm font-medium text-stone-600">{label}:</span>
      {seasons.map((season) =>
        season === current ? (
          <span
            key={season}
            aria-current="page"
            className="rounded-full bg-brand-800 px-3 py-1 text-sm font-semibold text-white"
          >
            {season}
          </span>
        ) : (
          <Link
            key={season}
            to={href(season)}
            className="rounded-full border border-stone-300 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-stone-100"
          >
            {season}
          </Link>
        ),
      )}
    </nav>
  );
}

/** Previous and next page of a list, and which page this is; nothing when it is one page. */
export function PageLinks({
  page,
  pages,
  href,
  label,
  className,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
  className?: string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-4", className)}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="font-medium text-brand-700 underline">
          {t("list.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">{t("list.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="font-medium text-brand-700 underline">
          {t("list.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
