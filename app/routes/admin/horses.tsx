import type { Route } from "./+types/horses";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { createHorse, deleteHorse, listHorses, updateHorse, type Horse } from "~/models/horse.server";
import { NegativeTotalError, TotalTooLargeError } from "~/models/horse-record.server";
import { adminAction, intent, toTrash, type Refusal } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { horseEditSchema, horseSchema } from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatAmount, formatDkk } from "~/racing/format";
import { MAX_AMOUNT_ORE } from "~/racing/money";

const TAB = "/admin/horses";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const horses = await readForTab("horses", () => listHorses(), [] as Horse[]);
  return { horses: horses.value, fetchError: horses.error };
}

/** A horse's photo, with its link-preview crop. */
const HORSE_IMAGE = { image: { bucket: "horse-images", socialCard: true } } satisfies Record<string, ImageSpec>;

/** A total out of bounds is the administrator's to fix: shown on the amount field. */
function refusedTotal(error: unknown): Refusal | undefined {
  if (error instanceof NegativeTotalError) return { errors: { addPrize: "The total prize money cannot go below 0" } };
  if (error instanceof TotalTooLargeError) return { errors: { addPrize: error.message } };
  return undefined;
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "Failed to update horse",
  intents: {
    create: intent({
      schema: horseSchema,
      failure: "Failed to add horse",
      images: HORSE_IMAGE,
      write: ({ data, images }) => createHorse({ ...data, image: images.image }),
      success: (_, { data }) => ({ title: "Horse Added", description: `${data.name} has been added successfully.` }),
    }),
    update: intent({
      schema: horseEditSchema,
      failure: "Failed to update horse",
      images: HORSE_IMAGE,
      // Only what the administrator changed is applied, so a victory recorded meanwhile is kept.
      write: ({ data: { id, shownTotalOre, totalPrize, addPrize, ...fields }, images }) =>
        updateHorse(id, { ...fields, image: images.image, prizeDeltaOre: totalPrize - shownTotalOre + addPrize }),
      refuse: refusedTotal,
      success: ({ horse }, { data }) => ({
        title: "Horse Updated",
        description:
          data.addPrize > 0
            ? `${horse.name} has been updated. ${formatAmount(data.addPrize)} DKK added to the total prize money.`
            : `${horse.name} has been updated successfully.`,
      }),
    }),
    delete: toTrash(deleteHorse, "Failed to delete horse", {
      title: "Horse Deleted",
      description: "Horse has been removed successfully.",
    }),
  },
});

/** The headings of the add and edit cards. */
const CARDS: RecordCards<Horse> = {
  add: { title: "Add New Horse", titleId: "add-horse" },
  edit: { title: (horse) => `Edit Horse: ${horse.name}`, titleId: "edit-horse" },
};

export default function HorsesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { horses, fetchError } = loaderData;
  const tab = useTabForms(actionData);
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms tab={tab} records={horses} cards={CARDS} form={(props) => <HorseForm {...props} />} />
      <Card title="Current Horses" titleId="current-horses">
        <RecordList fetchError={fetchError} empty="No horses yet. Add the first one above." records={horses}>
          {(horse) => <HorseRow key={horse.id} horse={horse} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

function HorseRow({ horse }: { horse: Horse }) {
  return (
    <RecordRow
      picture={{ image: horse.image, alt: horse.name }}
      actions={<EditAndDelete id={horse.id} name={horse.name} />}
    >
      <p className="text-base font-semibold text-stone-900">{horse.name}</p>
      <p className="text-stone-700">
        {horse.age} years old · {horse.color}
      </p>
      <p className="text-stone-700">
        {horse.sire} × {horse.dam}
      </p>
      {horse.owner ? <p className="text-stone-600">Owner: {horse.owner}</p> : null}
      {horse.totalPrizeOre > 0 ? <p className="font-medium text-brand-700">{formatDkk(horse.totalPrizeOre)}</p> : null}
    </RecordRow>
  );
}

/** A whole number field: age, places. */
const COUNT = { type: "number", min: 0, step: 1 } as const;

/** An amount in kroner, as typed into a number field. */
const KRONER = { type: "number", max: MAX_AMOUNT_ORE / 100, step: 0.01 } as const;

/** The horse form: a new horse, or an edit, which also sets the prize money and places. */
function HorseForm({ intent, titleId, record: horse, result }: RecordFormProps<Horse>) {
  const schema = horse ? horseEditSchema : horseSchema;
  const form = useRecordForm(schema, result, intent, horse);
  const { errors, val, field } = form;
  return (
    <RecordFormShell form={form} titleId={titleId} multipart addLabel="Add Horse" cancelTo={TAB}>
      {horse ? <input type="hidden" name="shownTotalOre" value={val("shownTotalOre", horse.totalPrizeOre)} /> : null}
      {field("name", "Horse Name", { required: true, maxLength: 200 })}
      {field("age", "Age", { ...COUNT, required: true })}
      {field("color", "Color", { required: true, maxLength: 100 })}
      {field("sire", "Sire", { required: true, maxLength: 200 })}
      {field("dam", "Dam", { required: true, maxLength: 200 })}
      {field("owner", "Owner", { maxLength: 200 })}
      {horse ? (
        <>
          <Field
            label="Total Prize Money (DKK)"
            name="totalPrize"
            {...KRONER}
            min={0}
            defaultValue={val("totalPrize", (horse.totalPrizeOre / 100).toFixed(2))}
            error={errors.totalPrize}
          />
          <Field
            label="Add Prize Money (DKK)"
            name="addPrize"
            {...KRONER}
            placeholder="0.00"
            hint="Added to the total when you save."
            defaultValue={val("addPrize")}
            error={errors.addPrize}
          />
          {field("firstPlaces", "1st Places", COUNT)}
          {field("secondPlaces", "2nd Places", COUNT)}
          {field("thirdPlaces", "3rd Places", COUNT)}
        </>
      ) : null}
      <RecordImageField form={form} name="image" label="Horse Image" current={horse?.image} alt={horse?.name} wide />
    </RecordFormShell>
  );
}
