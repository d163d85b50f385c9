/**
 * A horse's career figures and its race record on the site, made to agree (decision 0163). The
 * edit form's 1st/2nd/3rd counts are the career figures (results recorded on the site add to them);
 * the race record counts the results and victories the site holds. A career can never hold fewer
 * places than the record shows, so each figure is at least the record's.
 */

export type Placings = { firstPlaces: number; secondPlaces: number; thirdPlaces: number };

type RecordEntry = { position: number | null; raceDate: string };

export type CareerAndRecord = {
  career: Placings;
  /** The record's own 1st, 2nd and 3rd places. */
  record: Placings;
  /** The career reaches further back than the record: both are labelled. */
  differ: boolean;
  /** The earliest race on the record (ISO date), null when it is empty. */
  since: string | null;
};

export function careerAndRecord(counts: Placings, entries: readonly RecordEntry[]): CareerAndRecord {
  const count = (position: number) => entries.filter((entry) => entry.position === position).length;
  const dates = entries.map((entry) => entry.raceDate).sort();
  return careerAndTotals(counts, {
    firstPlaces: count(1),
    secondPlaces: count(2),
    thirdPlaces: count(3),
    since: dates[0] ?? null,
  });
}

/**
 * The same from the record's totals over the whole career (counted by the database, so a page that
 * lists one season still labels the whole career): its 1st, 2nd and 3rd places and its earliest race.
 */
export function careerAndTotals(counts: Placings, totals: Placings & { since: string | null }): CareerAndRecord {
  const record = {
    firstPlaces: totals.firstPlaces,
    secondPlaces: totals.secondPlaces,
    thirdPlaces: totals.thirdPlaces,
  };
  const career = {
    firstPlaces: Math.max(counts.firstPlaces, record.firstPlaces),
    secondPlaces: Math.max(counts.secondPlaces, record.secondPlaces),
    thirdPlaces: Math.max(counts.thirdPlaces, record.thirdPlaces),
  };
  const differ =
    career.firstPlaces !== record.firstPlaces ||
    career.secondPlaces !== record.secondPlaces ||
    career.thirdPlaces !== record.thirdPlaces;
  return { career, record, differ, since: totals.since };
}

/** A kind of placing counted in all, how many of them the race record lists, and how many came before it. */
export type Tally = { all: number; listed: number; earlier: number };

/**
 * What the career holds beyond the race record, as the record's summary counts it: wins, and
 * places (2nd and 3rd). A kind with nothing earlier needs no words.
 */
export function beyondRecord({ career, record }: Pick<CareerAndRecord, "career" | "record">): {
  wins: Tally;
  places: Tally;
} {
  const tally = (all: number, listed: number) => ({ all, listed, earlier: all - listed });
  return {
    wins: tally(career.firstPlaces, record.firstPlaces),
    places: tally(career.secondPlaces + career.thirdPlaces, record.secondPlaces + record.thirdPlaces),
  };
}
