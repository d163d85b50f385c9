import { resultText } from "~/racing/race-day";
import type { Lang } from "./lang";

/**
 * A race result in the page's language: '1st' / '1.', 'Did not finish' / 'Fuldførte ikke'. `t`
 * is the public site's or the dashboard's translator: both have the text.
 */
export function localResultText(
  result: { position: number | null; didNotFinish: boolean },
  lang: Lang,
  t: (key: "runners.didNotFinish") => string,
): string {
  if (result.didNotFinish || result.position === null) return t("runners.didNotFinish");
  return lang === "da" ? `${result.position}.` : resultText(result);
}
