import { Form } from "react-router";
import { SubmitButton, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError, SelectField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { DhSettings } from "~/dh/dh-settings.server";
import { formatDanishTime } from "~/racing/format";
import type { AdminActionData } from "./admin-action.server";
import { dhSettingsSchema } from "./admin-forms";
import { IntentForm, useRecordForm } from "./form-parts";

/**
 * The Site tab's Dansk Hestevæddeløb section: Licence Number, Discipline, on/off and "apply
 * automatically"; Save, Test connection (this form's values, `_intent`) and Import now.
 */
export function DhSettingsCard({
  settings,
  result,
  failed,
}: {
  settings: DhSettings;
  result: AdminActionData | undefined;
  failed: boolean;
}) {
  const t = useAdminT();
  const answer = result && (result.intent === "dh-settings" || result.intent === "dh-test") ? result : undefined;
  const form = useRecordForm(dhSettingsSchema, answer, "dh-settings", settings);
  const { errors, onSubmit, submitting, val, field } = form;
  const testing = useSubmitting("dh-test");
  const importing = useSubmitting("dh-import");
  const checked = (name: "enabled" | "autoApply") => (answer ? answer.values[name] === "on" : settings[name]);
  return (
    <Card title={t("dh.settings")} titleId="dh-settings">
      {failed ? <FormError message={t("fetch.dhSettings")} /> : null}
      <p className="mb-4 text-stone-700">{t("dh.settingsIntro")}</p>
      <IntentForm intent="dh-settings" titleId="dh-settings" onSubmit={onSubmit} className="grid max-w-2xl gap-4">
        {field("licence", t("dh.licence"), { inputMode: "numeric", maxLength: 12, hint: t("dh.licenceHint") })}
        <SelectField
          label={t("dh.discipline")}
          name="discipline"
          defaultValue={val("discipline", settings.discipline)}
          error={errors.discipline}
        >
          <option value="gallop">{t("dh.gallop")}</option>
          <option value="trot">{t("dh.trot")}</option>
        </SelectField>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={checked("enabled")}
            className="mt-1 h-4 w-4 accent-brand-700"
          />
          {t("dh.enabled")}
        </label>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="autoApply"
            defaultChecked={checked("autoApply")}
            aria-describedby="dh-auto-hint"
            className="mt-1 h-4 w-4 accent-brand-700"
          />
          <span>
            {t("dh.autoApply")}
            <span id="dh-auto-hint" className="block text-xs text-stone-600">
              {t("dh.autoApplyHint")}
            </span>
          </span>
        </label>
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={submitting} busyLabel={t("dh.saving")}>
            {t("dh.save")}
          </SubmitButton>
          <button type="submit" name="_intent" value="dh-test" disabled={testing} className={buttonClass.secondary}>
            {testing ? t("dh.testing") : t("dh.test")}
          </button>
        </div>
      </IntentForm>
      <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="dh-import" />
        <SubmitButton busy={importing} busyLabel={t("dh.importing")} variant="secondary">
          {t("dh.importNow")}
        </SubmitButton>
        {settings.lastRunAt ? (
          <span className="text-sm text-stone-600">
            {t("dh.lastRun", { time: formatDanishTime(settings.lastRunAt, "minute") })}
          </span>
        ) : null}
      </Form>
    </Card>
  );
}
