import { Field } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { AdminKey } from "~/i18n/admin/dictionary";
import type { Runner } from "~/models/runner.server";
import { RUNNER_EQUIPMENT, weightKgText, type Equipment } from "~/racing/declaration";
import { formatDanishDate } from "~/racing/format";
import type { AdminActionData } from "./admin-action.server";
import { declarationSchema, equipmentField, withdrawSchema } from "./admin-forms";
import { RecordFormShell, useRecordForm } from "./form-parts";

export const EQUIPMENT_KEYS: Record<Equipment, AdminKey> = {
  blinkers: "runners.equipment.blinkers",
  cheekpieces: "runners.equipment.cheekpieces",
  visor: "runners.equipment.visor",
  hood: "runners.equipment.hood",
  "tongue-tie": "runners.equipment.tongueTie",
};

function RunnerLine({ runner }: { runner: Runner }) {
  return (
    <p className="text-sm text-stone-700 sm:col-span-2">
      {runner.horseName} · {runner.raceName} · {formatDanishDate(runner.raceDate)}
    </p>
  );
}

/** Declare a runner, or correct its declaration: jockey, weight (kg), draw, equipment. */
export function DeclarationForm({
  runner,
  result,
  titleId,
  cancelTo,
}: {
  runner: Runner;
  result: AdminActionData | undefined;
  titleId: string;
  cancelTo: string;
}) {
  const t = useAdminT();
  const form = useRecordForm(declarationSchema, result, "declare", runner);
  const { val, errors } = form;
  const declared = runner.declaration;
  const chosen = (code: Equipment) =>
    result ? result.values[equipmentField(code)] !== undefined : !!declared?.equipment.includes(code);
  return (
    <RecordFormShell form={form} titleId={titleId} label={t("runners.saveDeclaration")} cancelTo={cancelTo}>
      <RunnerLine runner={runner} />
      <Field
        label={t("runners.jockey")}
        name="jockey"
        required
        markRequired
        maxLength={200}
        autoComplete="off"
        defaultValue={val("jockey", declared?.jockey ?? runner.jockey)}
        error={errors.jockey}
      />
      <Field
        label={t("runners.weight")}
        name="weight"
        required
        markRequired
        inputMode="decimal"
        hint={t("runners.weightHint")}
        defaultValue={val("weight", declared ? weightKgText(declared.weightG) : null)}
        error={errors.weight}
      />
      <Field
        label={t("runners.draw")}
        name="draw"
        inputMode="numeric"
        maxLength={2}
        defaultValue={val("draw", declared?.draw)}
        error={errors.draw}
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-stone-800">{t("runners.equipment")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {RUNNER_EQUIPMENT.map((code) => (
            <label key={code} className="flex min-h-11 items-center gap-2 text-stone-800">
              <input
                type="checkbox"
                name={equipmentField(code)}
                defaultChecked={chosen(code)}
                className="h-5 w-5 rounded border-stone-400"
              />
              {t(EQUIPMENT_KEYS[code])}
            </label>
          ))}
        </div>
      </fieldset>
    </RecordFormShell>
  );
}

/** Withdraw a runner (a non-runner), with an optional reason. */
export function WithdrawForm({
  runner,
  result,
  titleId,
  cancelTo,
}: {
  runner: Runner;
  result: AdminActionData | undefined;
  titleId: string;
  cancelTo: string;
}) {
  const t = useAdminT();
  const form = useRecordForm(withdrawSchema, result, "withdraw", runner);
  return (
    <RecordFormShell form={form} titleId={titleId} label={t("runners.withdraw")} cancelTo={cancelTo}>
      <RunnerLine runner={runner} />
      <Field
        label={t("runners.reason")}
        name="reason"
        maxLength={500}
        defaultValue={form.val("reason")}
        error={form.errors.reason}
      />
    </RecordFormShell>
  );
}
