import type { ReactNode } from "react";
import { useT } from "~/i18n/use-lang";

/** The heading and introduction every public list page opens with. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-gold-700">{eyebrow}</p>
      <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl">{title}</h1>
      <div className="mt-4 space-y-3 text-lg text-stone-700">{children}</div>
    </header>
  );
}

export function HorsesIntro() {
  const t = useT();
  return (
    <PageIntro eyebrow={t("horses.eyebrow")} title={t("horses.title")}>
      <p>{t("horses.intro")}</p>
    </PageIntro>
  );
}

export function WinnersIntro() {
  const t = useT();
  return (
    <PageIntro eyebrow={t("winners.eyebrow")} title={t("winners.title")}>
      <p>{t("winners.intro")}</p>
    </PageIntro>
  );
}

export function TeamIntro() {
  const t = useT();
  return (
    <PageIntro eyebrow={t("team.eyebrow")} title={t("team.title")}>
      <p>{t("team.intro")}</p>
    </PageIntro>
  );
}
