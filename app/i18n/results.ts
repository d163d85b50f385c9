import { resultText } from "~/racing/race-day";
import type { Translate } from "./dictionary";
import type { Lang } from "./lang";

/** A race result in the page's language: '1st' / '1.', 'Did not finish' / 'Fuldførte ikke'. */
export function localResultText(
  result: { position: number | null; didNotFinish: boolean },
  lang: Lang,
  t: Translate,
): string {
  if (result.didNotFinish || result.position === null) return t("runners.didNotFinish");
  return lang === "da" ? `${result.position}.` : resultText(result);
}
