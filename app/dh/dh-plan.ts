import type { DhProposalKind } from "@db/schema";
import type { BasicInformation, ComingStarts, Discipline, Pedigree, Results, TrainingList } from "./dh-api.server";
import { horseName, riderName, sameName } from "./dh-names";

/**
 * What DH's answers mean for the site (pure): the proposals one import makes, from what it read and
 * what the site holds. A proposal is made only where the site differs from DH.
 */

export type DhHorseData = {
  dhHorseId: string;
  name: string;
  sex: string | null;
  color: string;
  yearOfBirth: number | null;
  sire: string;
  dam: string;
  damSire: string | null;
};

export type DhStartData = {
  startKey: string;
  dhHorseId: string;
  horseName: string;
  raceName: string;
  raceDate: string;
  postTime: string | null;
  track: string;
  distance: string | null;
  jockey: string | null;
  declared: boolean;
  weightG: number | null;
  draw: number | null;
};

export type DhWithdrawalData = {
  startKey: string;
  dhHorseId: string;
  horseName: string;
  raceName: string;
  raceDate: string;
  why: "withdrawn" | "vanished";
};

export type DhResultData = DhStartData & {
  position: number | null;
  didNotFinish: boolean;
  disqualified: boolean;
  prizeOre: number | null;
  /** DH's own word for the placing: "1", "0" (out of the money), "d" (disqualified) … */
  placement: string;
};

export type PlannedProposal =
  | { kind: "horse"; key: string; dhHorseId: string; targetId: string | null; raceDate: null; payload: DhHorseData }
  | { kind: "runner"; key: string; dhHorseId: string; targetId: string | null; raceDate: string; payload: DhStartData }
  | {
      kind: "withdrawal";
      key: string;
      dhHorseId: string;
      targetId: string;
      raceDate: string;
      payload: DhWithdrawalData;
    }
  | {
      kind: "result";
      key: string;
      dhHorseId: string;
      targetId: string | null;
      raceDate: string;
      payload: DhResultData;
    };

export type { DhProposalKind };

export type SiteHorse = {
  id: string;
  name: string;
  dhHorseId: string | null;
  sex: string | null;
  color: string;
  yearOfBirth: number | null;
  sire: string;
  dam: string;
  damSire: string | null;
};

export type SiteRunner = {
  id: string;
  horseId: string;
  raceDate: string;
  postTime: string | null;
  distance: string | null;
  jockey: string | null;
  status: "entered" | "declared" | "withdrawn";
  dhStartKey: string | null;
  hasResult: boolean;
  position: number | null;
  didNotFinish: boolean;
  prizeOre: number | null;
};

export type DhAnswers = {
  discipline: Discipline;
  trainingList: TrainingList;
  comingStarts: ComingStarts;
  results: Results;
  /** basicinformation and pedigree of each horse on the list the site has no id for. */
  details: Map<string, { info: BasicInformation; pedigree: Pedigree }>;
};

/** How many days back a result is taken: older ones are the history the stable typed itself. */
export const RESULT_DAYS = 30;

export function startKeyOf(
  discipline: Discipline,
  s: { raceInformation: { date: string; raceNumber: number }; horse: { id: string } },
  trackCode: string,
) {
  return `${discipline}:${s.raceInformation.date}:${trackCode}:${s.raceInformation.raceNumber}:${s.horse.id}`;
}

const dayBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

function raceName(info: { raceName?: string | null; raceNumber: number }, track: string) {
  return info.raceName?.trim() || `${track}, løb ${info.raceNumber}`;
}

const distanceText = (metres: number | null) => (metres ? `${metres} m` : null);

/** A placing as the site records it: DH's "0" is out of the money (the order run when DH gives it), "d" a disqualification. */
export function placingOf(placement: { displayValue: string; sortValue?: number | null }) {
  const shown = placement.displayValue.trim().toLowerCase();
  const order = placement.sortValue ?? null;
  if (/^\d{1,2}$/.test(shown) && Number(shown) >= 1 && Number(shown) <= 30)
    return { position: Number(shown), didNotFinish: false, disqualified: false };
  if (shown.startsWith("d")) return { position: null, didNotFinish: true, disqualified: true };
  if (shown === "0" && order !== null && order >= 4 && order <= 30)
    return { position: order, didNotFinish: false, disqualified: false };
  return { position: null, didNotFinish: true, disqualified: false };
}

export function horseDataOf(dhHorseId: string, info: BasicInformation, pedigree: Pedigree): DhHorseData {
  const parent = (n: string | null | undefined) => (n ? horseName(n) : "");
  return {
    dhHorseId,
    name: horseName(info.name),
    sex: info.gender?.text ?? null,
    color: info.color?.trim() ?? "",
    yearOfBirth: info.dateOfBirth ? Number(info.dateOfBirth.slice(0, 4)) : null,
    sire: parent(pedigree.father?.name),
    dam: parent(pedigree.mother?.name),
    damSire: pedigree.mother?.father?.name ? horseName(pedigree.mother.father.name) : null,
  };
}

/** The proposals for what DH says, given the site's horses and its runners of those horses. */
export function planImport(
  answers: DhAnswers,
  site: { horses: SiteHorse[]; runners: SiteRunner[] },
  today: string,
): { proposals: PlannedProposal[]; links: { runnerId: string; startKey: string }[] } {
  const { discipline } = answers;
  const proposals: PlannedProposal[] = [];
  const links: { runnerId: string; startKey: string }[] = [];
  const byDhId = new Map(site.horses.filter((h) => h.dhHorseId).map((h) => [h.dhHorseId!, h]));
  const unlinked = site.horses.filter((h) => !h.dhHorseId);

  for (const entry of answers.trainingList) {
    const dhId = entry.horse.id;
    const ours = byDhId.get(dhId);
    if (ours) {
      const name = horseName(entry.horse.name);
      if (!sameName(ours.name, name))
        proposals.push({
          kind: "horse",
          key: `horse:${dhId}`,
          dhHorseId: dhId,
          targetId: ours.id,
          raceDate: null,
          payload: { ...siteHorseData(ours, dhId), name },
        });
      continue;
    }
    const detail = answers.details.get(dhId);
    if (!detail) continue;
    const data = horseDataOf(dhId, detail.info, detail.pedigree);
    const sameNamed = unlinked.find((h) => sameName(h.name, data.name));
    proposals.push({
      kind: "horse",
      key: `horse:${dhId}`,
      dhHorseId: dhId,
      targetId: sameNamed?.id ?? null,
      raceDate: null,
      payload: data,
    });
  }

  const runnersByKey = new Map(site.runners.filter((r) => r.dhStartKey).map((r) => [r.dhStartKey!, r]));
  const claimed = new Set<string>();
  /** Our runner for a DH start: linked by its key, else one typed by hand for the horse on that day. */
  const runnerFor = (startKey: string, dhHorseId: string, raceDate: string) => {
    const linked = runnersByKey.get(startKey);
    if (linked) return linked;
    const horse = byDhId.get(dhHorseId);
    if (!horse) return undefined;
    const typed = site.runners.find(
      (r) => !r.dhStartKey && !claimed.has(r.id) && r.horseId === horse.id && r.raceDate === raceDate,
    );
    if (typed) {
      claimed.add(typed.id);
      links.push({ runnerId: typed.id, startKey });
    }
    return typed;
  };

  const seen = new Set<string>();
  for (const start of answers.comingStarts) {
    const key = startKeyOf(discipline, start, start.track.code);
    seen.add(key);
    const track = start.track.name?.trim() || start.track.code;
    const data: DhStartData = {
      startKey: key,
      dhHorseId: start.horse.id,
      horseName: horseName(start.horse.name),
      raceName: raceName(start.raceInformation, track),
      raceDate: start.raceInformation.date,
      postTime: start.raceInformation.startTime,
      track,
      distance: distanceText(start.distance),
      jockey: riderName((discipline === "trot" ? start.driver : start.jockey)?.name ?? start.driver?.name),
      declared: start.startNumber !== null && start.startNumber !== undefined,
      weightG: start.weight === null ? null : Math.round(start.weight * 1000),
      draw: start.postPosition ?? null,
    };
    const ours = runnerFor(key, data.dhHorseId, data.raceDate);
    if (start.withdrawn) {
      if (ours && !ours.hasResult && ours.status !== "withdrawn") proposals.push(withdrawal(ours, data, "withdrawn"));
      continue;
    }
    if (ours && (ours.hasResult || ours.status === "withdrawn" || sameStart(ours, data))) continue;
    proposals.push({
      kind: "runner",
      key: `runner:${key}`,
      dhHorseId: data.dhHorseId,
      targetId: ours?.id ?? null,
      raceDate: data.raceDate,
      payload: data,
    });
  }

  const from = dayBefore(today, RESULT_DAYS);
  const listed = new Set(answers.trainingList.map((e) => e.horse.id));
  for (const row of answers.results) {
    const date = row.raceInformation.date;
    if (date < from || date > today) continue;
    if (row.raceType?.displayValue?.trim().toLowerCase() === "k") continue;
    if (!listed.has(row.horse.id) && !byDhId.has(row.horse.id)) continue;
    const key = startKeyOf(discipline, row, row.trackCode);
    seen.add(key);
    const track = row.trackName?.trim() || row.trackCode;
    const start: DhStartData = {
      startKey: key,
      dhHorseId: row.horse.id,
      horseName: horseName(row.horse.name),
      raceName: raceName(row.raceInformation, track),
      raceDate: date,
      postTime: row.raceInformation.startTime,
      track,
      distance: distanceText(row.distance),
      jockey: riderName((discipline === "trot" ? row.driver : row.jockey)?.name ?? row.driver?.name),
      declared: false,
      weightG: null,
      draw: null,
    };
    const ours = runnerFor(key, start.dhHorseId, date);
    if (row.withdrawn) {
      if (ours && !ours.hasResult && ours.status !== "withdrawn") proposals.push(withdrawal(ours, start, "withdrawn"));
      continue;
    }
    const placing = placingOf(row.placement);
    const prize = row.prizeMoney;
    const data: DhResultData = {
      ...start,
      ...placing,
      prizeOre: prize ? Math.round(prize * 100) : null,
      placement: row.placement.displayValue,
    };
    if (ours?.status === "withdrawn") continue;
    if (ours && ours.hasResult && sameResult(ours, data)) continue;
    proposals.push({
      kind: "result",
      key: `result:${key}`,
      dhHorseId: data.dhHorseId,
      targetId: ours?.id ?? null,
      raceDate: date,
      payload: data,
    });
  }

  // A start of ours DH no longer lists before its race: a non-runner.
  for (const r of site.runners) {
    if (!r.dhStartKey?.startsWith(`${discipline}:`) || seen.has(r.dhStartKey)) continue;
    // Race day itself is left alone: DH drops a start from the coming ones once it has run.
    if (r.raceDate <= today || r.hasResult || r.status === "withdrawn") continue;
    const horse = site.horses.find((h) => h.id === r.horseId);
    if (!horse?.dhHorseId) continue;
    proposals.push({
      kind: "withdrawal",
      key: `withdrawal:${r.dhStartKey}`,
      dhHorseId: horse.dhHorseId,
      targetId: r.id,
      raceDate: r.raceDate,
      payload: {
        startKey: r.dhStartKey,
        dhHorseId: horse.dhHorseId,
        horseName: horse.name,
        raceName: "",
        raceDate: r.raceDate,
        why: "vanished",
      },
    });
  }
  return { proposals, links };
}

function withdrawal(ours: SiteRunner, data: DhStartData, why: DhWithdrawalData["why"]): PlannedProposal {
  return {
    kind: "withdrawal",
    key: `withdrawal:${data.startKey}`,
    dhHorseId: data.dhHorseId,
    targetId: ours.id,
    raceDate: data.raceDate,
    payload: {
      startKey: data.startKey,
      dhHorseId: data.dhHorseId,
      horseName: data.horseName,
      raceName: data.raceName,
      raceDate: data.raceDate,
      why,
    },
  };
}

function siteHorseData(h: SiteHorse, dhHorseId: string): DhHorseData {
  return {
    dhHorseId,
    name: h.name,
    sex: h.sex,
    color: h.color,
    yearOfBirth: h.yearOfBirth,
    sire: h.sire,
    dam: h.dam,
    damSire: h.damSire,
  };
}

/** What DH decides about a start the site already has: the post time, distance, rider and whether it is declared. */
function sameStart(ours: SiteRunner, dh: DhStartData) {
  return (
    (dh.postTime === null || ours.postTime === dh.postTime) &&
    (dh.distance === null || ours.distance === dh.distance) &&
    (dh.jockey === null || ours.jockey === dh.jockey) &&
    (ours.status === "declared") === dh.declared
  );
}

function sameResult(ours: SiteRunner, dh: DhResultData) {
  return (
    ours.position === dh.position &&
    ours.didNotFinish === dh.didNotFinish &&
    (dh.prizeOre === null || ours.prizeOre === dh.prizeOre)
  );
}
