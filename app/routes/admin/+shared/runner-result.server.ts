import { RunnerStatusError } from "~/models/runner-change.server";
import { RaceNotRunError, recordResult } from "~/models/runner-result.server";
import { danishToday } from "~/racing/race-day";
import { intent } from "./admin-action.server";
import { resultSchema } from "./admin-forms";

/**
 * Recording a runner's result (the Record Result form): one intent, declared by each tab that
 * shows the form (Runners, and Home's Results to Record), so its toast shows on that tab.
 */
export const recordResultIntent = intent({
  schema: resultSchema,
  failure: "runners.resultFailed",
  write: ({ data: { id, position, prize } }) => recordResult(id, { ...position, prizeOre: prize }, danishToday()),
  refuse: (error) =>
    error instanceof RaceNotRunError
      ? { errors: { position: "runners.notRunYet" }, toast: "runners.fromRaceDay" }
      : error instanceof RunnerStatusError
        ? { toast: "runners.isWithdrawn", status: 409 }
        : undefined,
  success: { title: "runners.resultRecorded", description: "runners.resultRecordedText" },
});
