import { beyondRecord, type CareerAndRecord, type Tally } from "~/racing/career";
import type { Translate } from "./dictionary";

/**
 * The one sentence that says how the career figures and the race record below them fit (decision
 * 0232): "3 wins in all; 2 of them are listed below, 1 earlier." Null when they agree.
 */
export function careerSentence(figures: Pick<CareerAndRecord, "career" | "record">, t: Translate): string | null {
  const { wins, places } = beyondRecord(figures);
  const kinds = (
    [
      [wins, "career.win", "career.wins", "career.noWins"],
      [places, "career.place", "career.places", "career.noPlaces"],
    ] as const
  ).filter(([tally]) => tally.earlier > 0);
  if (kinds.length === 0) return null;
  const count = ([, one, many, none]: (typeof kinds)[number], n: number) =>
    n === 0 ? t(none) : t(n === 1 ? one : many, { count: n });
  const joined = (pick: (tally: Tally) => number) =>
    kinds.map((kind) => count(kind, pick(kind[0]))).reduce((a, b) => t("career.and", { a, b }));
  const all = joined((tally) => tally.all);
  const listed = kinds.reduce((sum, [tally]) => sum + tally.listed, 0);
  if (listed === 0) return t("career.noneListed", { all });
  if (kinds.length === 1) {
    const [tally] = kinds[0]!;
    return t(tally.listed === 1 ? "career.oneListed" : "career.someListed", {
      all,
      listed: tally.listed,
      earlier: tally.earlier,
    });
  }
  return t("career.bothListed", {
    all,
    listed: joined((tally) => tally.listed),
    earlier: joined((tally) => tally.earlier),
  });
}
