import type { ReactNode } from "react";
import { Link } from "react-router";
import { pathTo } from "~/pages/registry";
import { paragraphs } from "~/i18n/home-texts";
import { horseFacts } from "~/i18n/horse-facts";
import { useLang, useShown, useT } from "~/i18n/use-lang";
import { ResponsiveImage } from "~/media/responsive-image";
import { both } from "~/models/bilingual";
import type { Horse } from "~/models/horse.server";
import { formatDkk } from "~/racing/format";

/**
 * The top of a horse's page: its photo, name, age, colour and sex, pedigree, year of birth, owner,
 * prize money, its description in the page's language (or the other, marked so), then `children`.
 */
export function HorseHeader({
  horse,
  className,
  children,
}: {
  horse: Horse;
  className?: string;
  children?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const shown = useShown();
  const description = shown.show(both(horse, "description"));
  const shares = shown.show(both(horse, "sharesText"));
  return (
    <div className={`grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start ${className ?? ""}`}>
      {horse.image ? (
        <ResponsiveImage
          image={horse.image}
          alt={horse.name}
          sizes="(min-width: 1152px) 660px, (min-width: 1024px) 58vw, 100vw"
          priority
          className="aspect-[4/3] w-full rounded-xl bg-stone-100 object-cover shadow-sm"
        />
      ) : null}
      <div>
        <h1 className="text-4xl font-bold text-brand-900 sm:text-5xl">{horse.name}</h1>
        <p className="mt-2 text-lg text-stone-700">{horseFacts(horse, lang, t)}</p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium text-stone-600">{t("horse.pedigree")}</dt>
          <dd>
            {horse.sire} × {horse.dam}
          </dd>
          {horse.damSire ? (
            <>
              <dt className="font-medium text-stone-600">{t("horse.damSire")}</dt>
              <dd>{horse.damSire}</dd>
            </>
          ) : null}
          {horse.yearOfBirth ? (
            <>
              <dt className="font-medium text-stone-600">{t("horse.foaled")}</dt>
              <dd>{horse.yearOfBirth}</dd>
            </>
          ) : null}
          {horse.owner?.trim() ? (
            <>
              <dt className="font-medium text-stone-600">{t("horses.owner")}</dt>
              <dd>{horse.owner}</dd>
            </>
          ) : null}
          <dt className="font-medium text-stone-600">{t("horses.prizeMoney")}</dt>
          <dd className="font-semibold text-brand-800">{formatDkk(horse.totalPrizeOre)}</dd>
          {horse.sharesAvailable ? (
            <>
              <dt className="font-medium text-stone-600">{t("ownership.sharesHeading")}</dt>
              <dd>
                {shares.text ? <span lang={shown.lang(shares)}>{shares.text} · </span> : null}
                <Link to={pathTo("ownership", { lang })} className="font-medium text-brand-700 underline">
                  {t("horse.aboutOwnership")}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
        {description.text ? (
          <div lang={shown.lang(description)} className="mt-6 space-y-3 text-stone-800">
            {paragraphs(description.text).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
