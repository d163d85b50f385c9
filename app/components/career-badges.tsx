import { PlacingBadges } from "~/components/placing-badges";
import type { CareerAndRecord } from "~/racing/career";
import { useT } from "~/i18n/use-lang";

/** The horse's 1st/2nd/3rd badges: its career figures, labelled so when the race record counts fewer. */
export function CareerBadges({ figures, className }: { figures: CareerAndRecord; className?: string }) {
  const t = useT();
  if (!figures.differ) return <PlacingBadges horse={figures.career} className={className} />;
  return (
    <div className={className}>
      <p className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t("horse.career")}</p>
      <PlacingBadges horse={figures.career} className="mt-2" />
    </div>
  );
}
