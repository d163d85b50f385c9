import type { ReactNode } from "react";
import { SelectField } from "~/components/ui/field";
import { MoneyField } from "~/components/ui/money-field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { formatAmount } from "~/racing/format";
import type { RaceDetails } from "~/models/race.server";
import type { RecordFormState } from "./form-parts";

export type HorseOption = { id: string; name: string };

/** What the race fields need of their form's state (see useRecordForm). */
type FormState = Pick<RecordFormState<object>, "val" | "errors">;

/** The horse a race entry is for; a record whose horse is gone shows none chosen. */
function HorseSelect({
  form: { val, errors },
  horses,
  horseId,
}: {
  form: FormState;
  horses: HorseOption[];
  horseId: string | null | undefined;
}) {
  const t = useAdminT();
  const known = horseId ? horses.some((h) => h.id === horseId) : false;
  return (
    <SelectField
      label={t("race.horse")}
      name="horseId"
      required
      markRequired
      defaultValue={val("horseId", known ? horseId : "")}
      error={errors.horseId}
    >
      <option value="">{t("race.selectHorse")}</option>
      {horses.map((h) => (
        <option key={h.id} value={h.id}>
          {h.name}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A race's fields, as the runner and the victory forms both ask for them: horse, race name and
 * date, then `afterDate` (a runner's post time), track, distance and jockey.
 */
export function RaceFields({
  form,
  horses,
  horseId,
  afterDate,
}: {
  form: RecordFormState<RaceDetails>;
  horses: HorseOption[];
  /** The horse of the race entry being edited; none for a new one. */
  horseId: string | null | undefined;
  afterDate?: ReactNode;
}) {
  const t = useAdminT();
  return (
    <>
      <HorseSelect form={form} horses={horses} horseId={horseId} />
      {form.field("raceName", t("race.raceName"), { required: true, maxLength: 200 })}
      {form.field("raceDate", t("race.raceDate"), { type: "date", required: true })}
      {afterDate}
      {form.field("track", t("race.track"), { maxLength: 200 })}
      {form.field("distance", t("race.distance"), { maxLength: 100, placeholder: t("race.distancePlaceholder") })}
      {form.field("jockey", t("race.jockey"), { maxLength: 200 })}
    </>
  );
}

/** A race's prize money, typed the Danish way; `note` says where the amount goes. */
export function PrizeField({
  form: { val, errors },
  prizeOre,
  note,
}: {
  form: FormState;
  prizeOre: number | null | undefined;
  note: string;
}) {
  const t = useAdminT();
  return (
    <MoneyField
      label={t("race.prize")}
      name="prize"
      placeholder={t("race.prizePlaceholder")}
      hint={t("race.prizeHint", { note })}
      defaultValue={val("prize", prizeOre != null ? formatAmount(prizeOre) : "")}
      error={errors.prize}
    />
  );
}
