import type { ReactNode } from "react";
import { useT } from "~/i18n/use-lang";
import { ResponsiveImage } from "~/media/responsive-image";
import type { Horse } from "~/models/horse.server";
import { formatDkk } from "~/racing/format";

/** The top of a horse's page: its photo, name, age and colour, pedigree, owner, prize money, then `children`. */
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
        <p className="mt-2 text-lg text-stone-700">
          {t(horse.age === 1 ? "horses.ageOne" : "horses.ageMany", { age: horse.age })} · {horse.color}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium text-stone-600">{t("horse.pedigree")}</dt>
          <dd>
            {horse.sire} × {horse.dam}
          </dd>
          {horse.owner?.trim() ? (
            <>
              <dt className="font-medium text-stone-600">{t("horses.owner")}</dt>
              <dd>{horse.owner}</dd>
            </>
          ) : null}
          <dt className="font-medium text-stone-600">{t("horses.prizeMoney")}</dt>
          <dd className="font-semibold text-brand-800">{formatDkk(horse.totalPrizeOre)}</dd>
        </dl>
        {children}
      </div>
    </div>
  );
}
