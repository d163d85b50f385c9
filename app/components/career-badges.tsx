import { PlacingBadges } from "~/components/placing-badges";
import { careerSentence } from "~/i18n/career-sentence";
import type { CareerAndRecord } from "~/racing/career";
import { useT } from "~/i18n/use-lang";

/**
 * The horse's 1st/2nd/3rd badges: its career figures. When the race record below counts fewer, they
 * are labelled Career and one sentence says how the two fit (decision 0232).
 */
export function CareerBadges({ figures, className }: { figures: CareerAndRecord; className?: string }) {
  const t = useT();
  if (!figures.differ) return <PlacingBadges horse={figures.career} className={className} />;
  const sentence = careerSentence(figures, t);
  return (
    <div className={className}>
      <p className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t("horse.career")}</p>
      <PlacingBadges horse={figures.career} className="mt-2" />
      {sentence ? <p className="mt-3 text-stone-700">{sentence}</p> : null}
    </div>
  );
}
