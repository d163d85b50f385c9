import { msg } from "~/i18n/admin/dictionary";
import { runDhImport, testDhConnection } from "~/dh/dh-import.server";
import { saveDhSettings } from "~/dh/dh-settings.server";
import { danishToday } from "~/racing/race-day";
import { intent, Refused, type AdminIntent } from "./admin-action.server";
import { dhSettingsSchema, noFieldsSchema } from "./admin-forms";

/** The Site tab's Dansk Hestevæddeløb section: Save, Test connection (the same form) and Import now. */
export const dhSettingsIntents: Record<"dh-settings" | "dh-test" | "dh-import", AdminIntent> = {
  "dh-settings": intent({
    schema: dhSettingsSchema,
    failure: "dh.saveFailed",
    write: ({ data }) => saveDhSettings(data),
    success: (saved) => ({
      title: "dh.saved",
      description: msg("dh.savedText", { state: saved.enabled ? "on" : "off" }),
    }),
  }),
  "dh-test": intent({
    schema: dhSettingsSchema,
    failure: "dh.testFailed",
    write: async ({ data }) => {
      const test = await testDhConnection(data.licence, data.discipline);
      if (test.ok) return test;
      const toast =
        test.reason === "no-licence"
          ? msg("dh.testNoLicence")
          : test.reason === "unknown-licence"
            ? msg("dh.testUnknown")
            : test.reason === "unavailable"
              ? msg("dh.testUnavailable", { detail: test.detail ?? "" })
              : msg("dh.testShape", { detail: test.detail ?? "" });
      throw new Refused({ toast, status: test.reason === "unavailable" ? 503 : 400 });
    },
    success: (test) => ({
      title: "dh.testOk",
      description: msg("dh.testOkText", { trainer: test.trainer, count: test.horses }),
    }),
  }),
  "dh-import": intent({
    schema: noFieldsSchema,
    failure: "dh.importFailed",
    write: async () => {
      const result = await runDhImport(danishToday());
      if (result.outcome === "off") throw new Refused({ toast: "dh.importOff", status: 409 });
      if (result.outcome !== "done")
        throw new Refused({ toast: msg(`dh.problem.${result.kind}`, { detail: result.detail }), status: 503 });
      return result;
    },
    success: (done) => ({
      title: "dh.imported",
      description: msg("dh.importedText", { proposed: done.proposed, changed: done.changed, applied: done.applied }),
    }),
  }),
};
