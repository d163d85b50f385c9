import type { ReactNode } from "react";
import { Field, SelectField } from "~/components/ui/field";
import { formatAmount } from "~/racing/format";
import { PRIZE_HINT } from "./admin-forms";
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
  const known = horseId ? horses.some((h) => h.id === horseId) : false;
  return (
    <SelectField
      label="Horse"
      name="horseId"
      required
      defaultValue={val("horseId", known ? horseId : "")}
      error={errors.horseId}
    >
      <option value="">Select a horse</option>
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
  return (
    <>
      <HorseSelect form={form} horses={horses} horseId={horseId} />
      {form.field("raceName", "Race Name", { required: true, maxLength: 200 })}
      {form.field("raceDate", "Race Date", { type: "date", required: true })}
      {afterDate}
      {form.field("track", "Track", { maxLength: 200 })}
      {form.field("distance", "Distance", { maxLength: 100, placeholder: "e.g. 2400 m" })}
      {form.field("jockey", "Jockey", { maxLength: 200 })}
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
  return (
    <Field
      label="Prize Money (DKK)"
      name="prize"
      inputMode="decimal"
      maxLength={40}
      placeholder="e.g. 125.000,50"
      hint={`${PRIZE_HINT}. ${note}`}
      defaultValue={val("prize", prizeOre != null ? formatAmount(prizeOre) : "")}
      error={errors.prize}
    />
  );
}
