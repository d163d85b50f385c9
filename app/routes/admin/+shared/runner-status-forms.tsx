import { Field } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { AdminKey } from "~/i18n/admin/dictionary";
import type { Runner } from "~/models/runner.server";
import { danishLocal, formatWeight, RUNNER_EQUIPMENT, weightKgText, type Equipment } from "~/racing/declaration";
import { formatDanishDate, formatDanishTime } from "~/racing/format";
import { OpenLink, RowAction } from "./record-list";
import type { AdminActionData } from "./admin-action.server";
import { declarationSchema, equipmentField, withdrawSchema } from "./admin-forms";
import { RecordFormShell, useRecordForm } from "./form-parts";

const EQUIPMENT_KEYS: Record<Equipment, AdminKey> = {
  blinkers: "runners.equipment.blinkers",
  cheekpieces: "runners.equipment.cheekpieces",
  visor: "runners.equipment.visor",
  hood: "runners.equipment.hood",
  "tongue-tie": "runners.equipment.tongueTie",
};

/** The runner a form is about: horse, race, date. */
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
        defaultValue={val("weight", declared?.weightG ? weightKgText(declared.weightG) : null)}
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

/** A deadline typed as Danish date and time; the stored instant shown back in Danish time. */
export function DeadlineField({
  form,
  name,
  label,
  shown,
}: {
  form: { val: (name: string, fallback?: string | null) => string; errors: Record<string, string> };
  name: string;
  label: string;
  shown: string | null | undefined;
}) {
  const t = useAdminT();
  return (
    <Field
      type="datetime-local"
      label={label}
      name={name}
      hint={t("runners.deadlineHint")}
      defaultValue={form.val(name, shown ? danishLocal(shown) : null)}
      error={form.errors[name]}
    />
  );
}

const STATUS_KEYS = {
  entered: "runners.status.entered",
  declared: "runners.status.declared",
  withdrawn: "runners.status.withdrawn",
} as const;

/** Declare (or edit the declaration), Withdraw, or Reinstate, as the runner's status allows. */
export function StatusActions({ runner, today, label }: { runner: Runner; today: string; label: string }) {
  const t = useAdminT();
  if (runner.result || runner.raceDate < today) return null;
  if (runner.status === "withdrawn") {
    return (
      <RowAction intent="reinstate" id={runner.id} variant="small" label={t("runners.reinstateLabel", { name: label })}>
        {t("runners.reinstate")}
      </RowAction>
    );
  }
  return (
    <>
      <OpenLink param="declare" id={runner.id} label={t("runners.declareLabel", { name: label })}>
        {runner.status === "declared" ? t("runners.editDeclaration") : t("runners.declare")}
      </OpenLink>
      <OpenLink param="withdraw" id={runner.id} label={t("runners.withdrawLabel", { name: label })}>
        {t("runners.withdraw")}
      </OpenLink>
    </>
  );
}

/** The runner's status, its declaration or reason, and its deadlines. */
export function StatusLines({ runner }: { runner: Runner }) {
  const t = useAdminT();
  if (runner.result) return null;
  const { declaration } = runner;
  return (
    <>
      <p className="mt-1">
        <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-900">
          {t(STATUS_KEYS[runner.status])}
        </span>
      </p>
      {declaration && runner.status === "declared" ? (
        <p className="text-stone-700">
          {[
            declaration.weightG === null ? null : formatWeight(declaration.weightG),
            declaration.draw ? t("runners.drawLine", { draw: declaration.draw }) : null,
            ...declaration.equipment.map((code) => t(EQUIPMENT_KEYS[code])),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      {runner.status === "withdrawn" && runner.withdrawalReason ? (
        <p className="text-stone-700">{t("runners.reasonLine", { reason: runner.withdrawalReason })}</p>
      ) : null}
      {runner.declarationDeadline && runner.status === "entered" ? (
        <p className="text-stone-700">
          {t("runners.declareBy", { time: formatDanishTime(runner.declarationDeadline, "minute") })}
        </p>
      ) : null}
      {runner.withdrawalDeadline && runner.status !== "withdrawn" ? (
        <p className="text-stone-700">
          {t("runners.withdrawBy", { time: formatDanishTime(runner.withdrawalDeadline, "minute") })}
        </p>
      ) : null}
    </>
  );
}
