import { daily } from "~/jobs/schedule";
import { job, registerJob, type Job } from "~/jobs/scheduler.server";
import { runAs, type Actor } from "~/platform/actor.server";
import { danishToday } from "~/racing/race-day";
import { runDhImport, waitingForDh } from "./dh-import.server";

/** The scheduled import writes in no administrator's name; the log says it came by itself. */
const SCHEDULED: Actor = { userId: null, email: "Dansk Hestevæddeløb (scheduled import)", via: "command" };

/**
 * The import at 06:00 Danish time (the day's entries and declarations) and at 22:00 (after the
 * day's racing, its results). DH away is a failed run, tried again half an hour later within the
 * period; an answer not understood is a notice, not a failure (trying again would read the same).
 */
function importJob(name: string, at: string): Job {
  return job({
    name,
    due: daily(at),
    retryMinutes: 30,
    ready: async ({ now }) => !(await waitingForDh(now)),
    run: async ({ now }) => {
      const result = await runAs(SCHEDULED, () => runDhImport(danishToday(now)));
      if (result.outcome === "unavailable") throw new Error(result.problem);
      if (result.outcome === "done")
        return `${result.proposed} new, ${result.changed} changed, ${result.applied} applied`;
      return result.outcome;
    },
  });
}

export const dhMorningImport = importJob("dh-import-morning", "06:00");
export const dhEveningImport = importJob("dh-import-evening", "22:00");

export function registerDhImport() {
  registerJob(dhMorningImport);
  registerJob(dhEveningImport);
}
