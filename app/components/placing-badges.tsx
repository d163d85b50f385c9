import { useT } from "~/i18n/use-lang";

/** A horse's 1st/2nd/3rd place counters, as the horse cards and pages show them. */
export function PlacingBadges({
  horse,
  className = "",
}: {
  horse: { firstPlaces: number; secondPlaces: number; thirdPlaces: number };
  className?: string;
}) {
  const t = useT();
  return (
    <ul aria-label={t("horses.placings")} className={`flex flex-wrap gap-2 text-sm font-medium ${className}`}>
      <li className="rounded-full bg-gold-300 px-3 py-1 text-stone-900">
        {t("horses.firsts", { count: horse.firstPlaces })}
      </li>
      <li className="rounded-full bg-stone-200 px-3 py-1 text-stone-900">
        {t("horses.seconds", { count: horse.secondPlaces })}
      </li>
      <li className="rounded-full bg-amber-100 px-3 py-1 text-amber-950">
        {t("horses.thirds", { count: horse.thirdPlaces })}
      </li>
    </ul>
  );
}
