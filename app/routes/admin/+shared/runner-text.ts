import type { AdminTranslate } from "~/i18n/admin/dictionary";
import type { Lang } from "~/i18n/lang";
import { resultText } from "~/racing/race-day";

/** A race result in the dashboard's language: '1st' / '1.', 'Did not finish' / 'Fuldførte ikke'. */
export function runnerResultText(
  result: { position: number | null; didNotFinish: boolean },
  lang: Lang,
  t: AdminTranslate,
): string {
  if (result.didNotFinish || result.position === null) return t("runners.didNotFinish");
  return lang === "da" ? `${result.position}.` : resultText(result);
}
