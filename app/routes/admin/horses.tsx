import type { Route } from "./+types/horses";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { createHorse, deleteHorse, listHorses, updateHorse, type Horse } from "~/models/horse.server";
import { NegativeTotalError, TotalTooLargeError } from "~/models/horse-record.server";
import { deleteToTrash, invalid, readForTab, succeeded } from "./+shared/admin-actions.server";
import { fieldErrors, horseEditSchema, horseSchema } from "./+shared/admin-forms";
import { adminAction, saveWithImage, type AdminForm, type FailureTexts } from "./+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatAmount, formatDkk } from "~/utils/format";
import { MAX_AMOUNT_ORE } from "~/utils/money";

const TAB = "/admin/horses";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const horses = await readForTab("horses", () => listHorses(), [] as Horse[]);
  return { horses: horses.value, fetchError: horses.error };
}

/** The spec's 'Failed to …' text of each form on this tab. */
const FAILED = {
  create: "Failed to add horse",
  update: "Failed to update horse",
  delete: "Failed to delete horse",
  other: "Failed to update horse",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, {
    create: addHorse,
    update: editHorse,
    delete: (form) =>
      deleteToTrash(form, FAILED.delete, deleteHorse, {
        tab: TAB,
        title: "Horse Deleted",
        description: "Horse has been removed successfully.",
      }),
  });
}

async function addHorse(form: AdminForm) {
  const { values } = form;
  const parsed = horseSchema.safeParse(values);
  if (!parsed.success) return invalid("create", values, fieldErrors(parsed.error));
  const { answer } = await saveWithImage(
    form,
    { field: "image", bucket: "horse-images", failure: FAILED.create, socialCard: true },
    (image) => createHorse({ ...parsed.data, image }),
  );
  if (answer) return answer;
  return succeeded(TAB, "Horse Added", `${parsed.data.name} has been added successfully.`);
}

/** A prize-total error is the administrator's to fix: shown on the amount field. */
function refusedTotal(error: unknown) {
  if (error instanceof NegativeTotalError) return { addPrize: "The total prize money cannot go below 0" };
  if (error instanceof TotalTooLargeError) return { addPrize: error.message };
  return undefined;
}

async function editHorse(form: AdminForm) {
  const { values } = form;
  const parsed = horseEditSchema.safeParse(values);
  if (!parsed.success) return invalid("update", values, fieldErrors(parsed.error));
  const { id, shownTotalOre, totalPrize, addPrize, ...fields } = parsed.data;
  const { saved, answer } = await saveWithImage(
    form,
    { field: "image", bucket: "horse-images", failure: FAILED.update, socialCard: true, refuse: refusedTotal },
    // Only what the administrator changed is applied, so a victory recorded meanwhile is kept.
    (image) => updateHorse(id, { ...fields, image, prizeDeltaOre: totalPrize - shownTotalOre + addPrize }),
  );
  if (answer) return answer;
  const description =
    addPrize > 0
      ? `${saved.horse.name} has been updated. ${formatAmount(addPrize)} DKK added to the total prize money.`
      : `${saved.horse.name} has been updated successfully.`;
  return succeeded(TAB, "Horse Updated", description);
}

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
