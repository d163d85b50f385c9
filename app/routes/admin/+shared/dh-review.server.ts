import { msg } from "~/i18n/admin/dictionary";
import { acceptAllProposals, acceptProposal, DhNeedsHorseError, ignoreProposal } from "~/dh/dh-review.server";
import { RunnerStatusError } from "~/models/runner-change.server";
import { RaceNotRunError } from "~/models/runner-result.server";
import { danishToday } from "~/racing/race-day";
import { intent, type AdminIntent } from "./admin-action.server";
import { noFieldsSchema, recordIdSchema } from "./admin-forms";

/**
 * From Dansk Hestevæddeløb's Accept, Ignore and Accept all: declared by each tab that shows the
 * review (Home and Runners), so the toast shows on that tab.
 */
export const dhReviewIntents: Record<"dh-accept" | "dh-ignore" | "dh-accept-all", AdminIntent> = {
  "dh-accept": intent({
    schema: recordIdSchema,
    failure: "dh.acceptFailed",
    write: ({ data }) => acceptProposal(data.id, danishToday()),
    refuse: (error) =>
      error instanceof DhNeedsHorseError
        ? { toast: "dh.needsHorse", status: 409 }
        : // The runner changed since the import (withdrawn here, or moved to a later day): nothing written.
          error instanceof RunnerStatusError || error instanceof RaceNotRunError
          ? { toast: "dh.changedMeanwhile", status: 409 }
          : undefined,
    missing: { toast: "dh.notOpen", status: 404 },
    success: { title: "dh.accepted", description: "dh.acceptedText" },
  }),
  "dh-ignore": intent({
    schema: recordIdSchema,
    failure: "dh.ignoreFailed",
    write: ({ data }) => ignoreProposal(data.id),
    missing: { toast: "dh.notOpen", status: 404 },
    success: { title: "dh.ignored", description: "dh.ignoredText" },
  }),
  "dh-accept-all": intent({
    schema: noFieldsSchema,
    failure: "dh.acceptFailed",
    write: () => acceptAllProposals(danishToday()),
    success: (done) => ({ title: "dh.acceptedAll", description: msg("dh.acceptedAllText", { ...done }) }),
  }),
};
