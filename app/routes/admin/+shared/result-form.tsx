import { SelectField } from "~/components/ui/field";
import type { AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { Runner } from "~/models/runner.server";
import { formatDanishDate } from "~/racing/format";
import type { AdminActionData } from "./admin-action.server";
import { DID_NOT_FINISH, resultSchema } from "./admin-forms";
import { RecordFormShell, useRecordForm } from "./form-parts";
import { PrizeField } from "./race-fields";
import { OpenLink } from "./record-list";

const POSITIONS = Array.from({ length: 30 }, (_, i) => i + 1);

/** The result form's name: Record Result, or Edit Result once one is recorded (so nobody records it twice). */
export function resultTitle(runner: Runner, t: AdminTranslate) {
  return runner.result ? t("runners.editResult") : t("runners.recordResult");
}

/** A runner's Record Result (or Edit Result) button, opening the result form below (`?result=id`). */
export function ResultLink({ runner }: { runner: Runner }) {
  const t = useAdminT();
  const name = `${runner.raceName} (${runner.horseName})`;
  return (
    <OpenLink param="result" id={runner.id} label={`${resultTitle(runner, t)}: ${name}`}>
      {resultTitle(runner, t)}
    </OpenLink>
  );
}

/**
 * A runner's Record Result form: the position (1 to 30 or Did not finish) and the prize. It posts
 * the `result` intent (runner-result.server.ts) to the tab it is on; `cancelTo` closes it.
 */
export function ResultForm({
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
  const form = useRecordForm(resultSchema, result, "result", runner);
  const { errors, val } = form;
  const recorded = runner.result;
  const shownPosition = recorded ? (recorded.didNotFinish ? DID_NOT_FINISH : String(recorded.position)) : "";
  return (
    <RecordFormShell form={form} titleId={titleId} label={t("runners.saveResult")} cancelTo={cancelTo}>
      <p className="text-sm text-stone-700 sm:col-span-2">
        {runner.horseName} · {runner.raceName} · {formatDanishDate(runner.raceDate)}
      </p>
      <SelectField
        label={t("runners.position")}
        name="position"
        required
        markRequired
        defaultValue={val("position", shownPosition)}
        error={errors.position}
      >
        <option value="">{t("runners.selectPosition")}</option>
        {POSITIONS.map((p) => (
          <option key={p} value={String(p)}>
            {p}
          </option>
        ))}
        <option value={DID_NOT_FINISH}>{t("runners.didNotFinish")}</option>
      </SelectField>
      <PrizeField form={form} prizeOre={recorded?.prizeOre} note={t("runners.resultNote")} />
    </RecordFormShell>
  );
}
