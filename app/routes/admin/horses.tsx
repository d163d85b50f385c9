import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/horses";
import { SubmitButton, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { SaveOrCancel, useSchemaCheck, useScrollIntoViewOnOpen } from "~/routes/admin/+shared/form-parts";
import { ImageUploadField } from "~/media/image-upload-field";
import { ResponsiveImage } from "~/media/responsive-image";
import { ShowToast } from "~/components/ui/toast";
import {
  createHorse,
  deleteHorse,
  listHorses,
  NegativeTotalError,
  TotalTooLargeError,
  updateHorse,
  type Horse,
} from "~/models/horse.server";
import { deleteToTrash, fetchFailed, invalid, type AdminActionData } from "~/routes/admin/+shared/admin-actions.server";
import { fieldErrors, horseEditSchema, horseSchema } from "~/routes/admin/+shared/admin-forms";
import { adminAction, saveWithImage } from "~/routes/admin/+shared/admin-upload.server";
import type { AdminForm, FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatAmount, formatDkk } from "~/utils/format";
import { MAX_AMOUNT_ORE } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

const TAB = "/admin/horses";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { horses: await listHorses(), fetchError: null as Toast | null };
  } catch (error) {
    return { horses: [] as Horse[], fetchError: fetchFailed("Failed to fetch horses", error) };
  }
}

/** The spec's 'Failed to …' text of each form on this tab. */
const FAILED = {
  create: "Failed to add horse",
  update: "Failed to update horse",
  delete: "Failed to delete horse",
  other: "Failed to update horse",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, { create: addHorse, update: editHorse, delete: removeHorse });
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
  return redirectWithToast(TAB, {
    type: "success",
    title: "Horse Added",
    description: `${parsed.data.name} has been added successfully.`,
  });
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
  return redirectWithToast(TAB, { type: "success", title: "Horse Updated", description });
}

async function removeHorse(form: AdminForm) {
  return deleteToTrash(form, FAILED.delete, deleteHorse, {
    tab: TAB,
    title: "Horse Deleted",
    description: "Horse has been removed successfully.",
  });
}

export default function HorsesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { horses, fetchError } = loaderData;
  const [params] = useSearchParams();
  const editId = params.get("edit");
  const editing = editId ? horses.find((h) => h.id === editId) : undefined;
  const result = actionData as AdminActionData | undefined;

  return (
    <div className="space-y-8">
      <ShowToast toast={fetchError} />
      <ShowToast toast={result?.toast} />
      <AddHorseForm key={horses.map((h) => h.id).join(",")} result={result?.intent === "create" ? result : undefined} />
      {editing ? (
        <EditHorseForm
          key={editing.id}
          horse={editing}
          result={result?.intent === "update" && result.id === editing.id ? result : undefined}
        />
      ) : null}
      <Card title="Current Horses" titleId="current-horses">
        {fetchError ? (
          <FormError message="Failed to fetch horses" />
        ) : horses.length === 0 ? (
          <p className="text-stone-600">No horses yet. Add the first one above.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {horses.map((horse) => (
              <HorseRow key={horse.id} horse={horse} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function HorseRow({ horse }: { horse: Horse }) {
  const deleting = useSubmitting("delete", horse.id);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <ResponsiveImage
        image={horse.image}
        alt={horse.name}
        sizes="64px"
        className="h-16 w-16 shrink-0 rounded-md object-cover"
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-base font-semibold text-stone-900">{horse.name}</p>
        <p className="text-stone-700">
          {horse.age} years old · {horse.color}
        </p>
        <p className="text-stone-700">
          {horse.sire} × {horse.dam}
        </p>
        {horse.owner ? <p className="text-stone-600">Owner: {horse.owner}</p> : null}
        {horse.totalPrizeOre > 0 ? (
          <p className="font-medium text-brand-700">{formatDkk(horse.totalPrizeOre)}</p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Link
          to={`?edit=${horse.id}`}
          preventScrollReset
          className={buttonClass.small}
          aria-label={`Edit ${horse.name}`}
        >
          Edit
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={horse.id} />
          <button type="submit" className={buttonClass.danger} disabled={deleting} aria-label={`Delete ${horse.name}`}>
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </Form>
      </div>
    </li>
  );
}

function AddHorseForm({ result }: { result: AdminActionData | undefined }) {
  const { errors, onSubmit } = useSchemaCheck(horseSchema, result?.errors);
  const submitting = useSubmitting("create");
  const v = result?.values ?? {};
  return (
    <Card title="Add New Horse" titleId="add-horse">
      <Form
        method="post"
        encType="multipart/form-data"
        aria-labelledby="add-horse"
        onSubmit={onSubmit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="create" />
        <Field label="Horse Name" name="name" required maxLength={200} defaultValue={v.name} error={errors.name} />
        <Field label="Age" name="age" type="number" min={0} step={1} required defaultValue={v.age} error={errors.age} />
        <Field label="Color" name="color" required maxLength={100} defaultValue={v.color} error={errors.color} />
        <Field label="Sire" name="sire" required maxLength={200} defaultValue={v.sire} error={errors.sire} />
        <Field label="Dam" name="dam" required maxLength={200} defaultValue={v.dam} error={errors.dam} />
        <Field label="Owner" name="owner" maxLength={200} defaultValue={v.owner} error={errors.owner} />
        <div className="sm:col-span-2">
          <ImageUploadField key={errors.image ?? ""} label="Horse Image" name="image" error={errors.image} />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton busy={submitting} busyLabel="Adding...">
            Add Horse
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

function EditHorseForm({ horse, result }: { horse: Horse; result: AdminActionData | undefined }) {
  const { errors, onSubmit } = useSchemaCheck(horseEditSchema, result?.errors);
  const submitting = useSubmitting("update", horse.id);
  const ref = useScrollIntoViewOnOpen(horse.id);
  const v = result?.values;
  const val = (name: string, fallback: string | number | null) =>
    v?.[name] ?? (fallback === null ? "" : String(fallback));
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card title={`Edit Horse: ${horse.name}`} titleId="edit-horse" className="border-gold-400 ring-1 ring-gold-300">
        <Form
          method="post"
          encType="multipart/form-data"
          aria-labelledby="edit-horse"
          onSubmit={onSubmit}
          className="grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={horse.id} />
          <input type="hidden" name="shownTotalOre" value={v?.shownTotalOre ?? String(horse.totalPrizeOre)} />
          <Field
            label="Horse Name"
            name="name"
            required
            maxLength={200}
            defaultValue={val("name", horse.name)}
            error={errors.name}
          />
          <Field
            label="Age"
            name="age"
            type="number"
            min={0}
            step={1}
            required
            defaultValue={val("age", horse.age)}
            error={errors.age}
          />
          <Field
            label="Color"
            name="color"
            required
            maxLength={100}
            defaultValue={val("color", horse.color)}
            error={errors.color}
          />
          <Field
            label="Sire"
            name="sire"
            required
            maxLength={200}
            defaultValue={val("sire", horse.sire)}
            error={errors.sire}
          />
          <Field
            label="Dam"
            name="dam"
            required
            maxLength={200}
            defaultValue={val("dam", horse.dam)}
            error={errors.dam}
          />
          <Field
            label="Owner"
            name="owner"
            maxLength={200}
            defaultValue={val("owner", horse.owner)}
            error={errors.owner}
          />
          <Field
            label="Total Prize Money (DKK)"
            name="totalPrize"
            type="number"
            min={0}
            max={MAX_AMOUNT_ORE / 100}
            step={0.01}
            defaultValue={val("totalPrize", (horse.totalPrizeOre / 100).toFixed(2))}
            error={errors.totalPrize}
          />
          <Field
            label="Add Prize Money (DKK)"
            name="addPrize"
            type="number"
            max={MAX_AMOUNT_ORE / 100}
            step={0.01}
            placeholder="0.00"
            hint="Added to the total when you save."
            defaultValue={val("addPrize", "")}
            error={errors.addPrize}
          />
          <Field
            label="1st Places"
            name="firstPlaces"
            type="number"
            min={0}
            step={1}
            defaultValue={val("firstPlaces", horse.firstPlaces)}
            error={errors.firstPlaces}
          />
          <Field
            label="2nd Places"
            name="secondPlaces"
            type="number"
            min={0}
            step={1}
            defaultValue={val("secondPlaces", horse.secondPlaces)}
            error={errors.secondPlaces}
          />
          <Field
            label="3rd Places"
            name="thirdPlaces"
            type="number"
            min={0}
            step={1}
            defaultValue={val("thirdPlaces", horse.thirdPlaces)}
            error={errors.thirdPlaces}
          />
          <div className="sm:col-span-2">
            <ImageUploadField
              key={errors.image ?? ""}
              label="Horse Image"
              name="image"
              currentImage={horse.image}
              currentAlt={horse.name}
              error={errors.image}
            />
          </div>
          <SaveOrCancel submitting={submitting} cancelTo={TAB} className="flex gap-2 sm:col-span-2" />
        </Form>
      </Card>
    </div>
  );
}
