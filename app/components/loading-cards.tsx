import { useLocation, useNavigation } from "react-router";
import { langFromPath, unprefixedPath, type Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useT } from "~/i18n/use-lang";
import { HorsesIntro, TeamIntro, WinnersIntro } from "./page-intro";

/** A grey card in the shape of the cards still to come; hidden from assistive technology. */
export function PlaceholderCard({ testId }: { testId: string }) {
  return (
    <div
      data-testid={testId}
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="aspect-[4/3] bg-stone-200" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-4 w-5/6 rounded bg-stone-200" />
      </div>
    </div>
  );
}

export function HorsesLoading() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <HorsesIntro />
      <p role="status" className="mt-12 text-center text-lg text-stone-600">
        {t("horses.loading")}
      </p>
    </div>
  );
}

export function WinnersLoading() {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <WinnersIntro />
      <div role="status" aria-label={t("winners.loading")} className="mt-12 grid gap-8 md:grid-cols-2">
        {[1, 2, 3, 4].map((n) => (
          <PlaceholderCard key={n} testId="winner-placeholder" />
        ))}
      </div>
    </div>
  );
}

export function TeamLoading() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <TeamIntro />
      <div role="status" aria-label={t("team.loading")} className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {[1, 2, 3, 4].map((n) => (
          <PlaceholderCard key={n} testId="team-placeholder" />
        ))}
      </div>
    </div>
  );
}

/** Destinations (by English path) whose data is worth a loading view while a client-side navigation fetches it. */
const LOADING_VIEWS: Record<string, () => React.JSX.Element> = {
  [pathTo("horses")]: HorsesLoading,
  [pathTo("winners")]: WinnersLoading,
  [pathTo("team")]: TeamLoading,
};

/**
 * The loading view of the page being navigated to, in that page's language, or null. Server-rendered pages arrive complete;
 * only a client-side navigation waits for data, and then the destination's loading state shows in
 * place of the page being left (which would otherwise sit there, stale, until the data arrives).
 */
export function usePendingView(): { View: () => React.JSX.Element; lang: Lang } | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  const target = navigation.location.pathname.replace(/\/+$/, "") || "/";
  if (target === location.pathname.replace(/\/+$/, "")) return null;
  const View = LOADING_VIEWS[unprefixedPath(target)];
  return View ? { View, lang: langFromPath(target) } : null;
}
