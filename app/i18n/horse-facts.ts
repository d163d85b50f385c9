import { colourIn, sexIn } from "~/racing/horse-terms";
import type { Translate } from "./dictionary";
import type { Lang } from "./lang";

type HorseFacts = { age: number; color: string; sex: string | null };

/**
 * A horse's age, colour and sex as a page in `lang` writes them ("4 years old · Bay · colt" /
 * "4 år · Brun · hingst"); a colour or sex the stable wrote in its own words is shown as written.
 */
export function horseFacts(horse: HorseFacts, lang: Lang, t: Translate): string {
  return [
    t(horse.age === 1 ? "horses.ageOne" : "horses.ageMany", { age: horse.age }),
    colourIn(horse.color, lang),
    horse.sex ? sexIn(horse.sex, lang, horse.age) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The colour and sex in words for a sentence ("bay colt" / "brun hingst"), in lower case. */
export function colourAndSex(horse: HorseFacts, lang: Lang): string {
  const words = [colourIn(horse.color, lang), horse.sex ? sexIn(horse.sex, lang, horse.age) : null];
  return words.filter(Boolean).join(" ").toLowerCase();
}

type HorseSummary = HorseFacts & {
  name: string;
  sire: string;
  dam: string;
  damSire: string | null;
  yearOfBirth: number | null;
};

/**
 * A horse in one sentence for search engines and link previews: "Nordlys, a 4-year-old bay colt by
 * Sea The Stars out of Frøken Fryd (by Dansili), foaled 2022" / "Nordlys, 4 år, brun hingst, efter …".
 */
export function horseSummary(horse: HorseSummary, lang: Lang, t: Translate): string {
  let summary = t("horse.summary", {
    horse: horse.name,
    age: horse.age,
    color: colourAndSex(horse, lang),
    sire: horse.sire,
    dam: horse.dam,
  });
  if (horse.damSire) summary = t("horse.summaryDamSire", { summary, damSire: horse.damSire });
  if (horse.yearOfBirth) summary = t("horse.summaryFoaled", { summary, year: horse.yearOfBirth });
  return summary;
}
