import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/winners";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { SaveOrCancel, useSchemaCheck, useScrollIntoViewOnOpen } from "~/routes/admin/+shared/form-parts";
import { ImageUploadField } from "~/media/image-upload-field";
import { ResponsiveImage } from "~/media/responsive-image";
import { ShowToast } from "~/components/ui/toast";
import { getHorse, listHorses, type Horse } from "~/models/horse.server";
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner, type Winner } from "~/models/winner.server";
import {
  deleteToTrash,
  ITEM_DELETED,
  failed,
  fetchFailed,
  invalid,
  type AdminActionData,
} from "~/routes/admin/+shared/admin-actions.server";
import { fieldErrors, PRIZE_HINT, winnerEditSchema, winnerSchema } from "~/routes/admin/+shared/admin-forms";
import { adminAction, saveWithImage } from "~/routes/admin/+shared/admin-upload.server";
import type { AdminForm, FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatAmount, formatDanishDate, formatPrize, orFallback } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

const TAB = "/admin/winners";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [winners, horses] = await Promise.all([
    listWinnersWithHorses().then(
      (list) => ({ list, error: null as Toast | null }),
      (error: unknown) => ({ list: [] as Winner[], error: fetchFailed("Failed to fetch winners", error) }),
    ),
    listHorses().then(
      (list) => ({ list, error: null as Toast | null }),
      (error: unknown) => ({ list: [] as Horse[], error: fetchFailed("Failed to fetch horses", error) }),
    ),
  ]);
  return {
    winners: winners.list,
    horses: horses.list.map((h) => ({ id: h.id, name: h.name })),
    fetchError: winners.error ?? horses.error,
  };
}

/** The spec's 'Failed to …' text of each form on this tab. */
const FAILED = {
  create: "Failed to add winner",
  update: "Failed to update winner",
  delete: "Failed to delete winner",
  other: "Failed to update winner",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, {
    create: (form) => saveWinner(form, "create"),
    update: (form) => saveWinner(form, "update"),
    delete: removeWinner,
  });
}

async function saveWinner(form: AdminForm, intent: "create" | "update") {
  const { values } = form;
  const failure = FAILED[intent];
  const parsed = (intent === "create" ? winnerSchema : winnerEditSchema).safeParse(values);
  if (!parsed.success) return invalid(intent, values, fieldErrors(parsed.error));
  const { prize, ...fields } = parsed.data;
  let horse: Awaited<ReturnType<typeof getHorse>>;
  try {
    horse = await getHorse(fields.horseId);
  } catch (error) {
    return failed(intent, values, failure, error);
  }
  if (!horse) return invalid(intent, values, { horseId: "Choose a horse from the list" });
  const { answer } = await saveWithImage(
    form,
    { field: "photo", bucket: "winner-photos", failure },
    (photo): Promise<object | null> => {
      const record = { ...fields, prizeOre: prize, photo };
      return intent === "create" ? createWinner(record) : updateWinner(values.id ?? "", record);
    },
  );
  if (answer) return answer;
  return intent === "create"
    ? redirectWithToast(TAB, {
        type: "success",
        title: "Winner Added",
        description: `${fields.raceName} has been added to the victories.`,
      })
    : redirectWithToast(TAB, {
        type: "success",
        title: "Winner Updated",
        description: "The victory record has been saved.",
      });
}

async function removeWinner(form: AdminForm) {
  return deleteToTrash(form, FAILED.delete, deleteWinner, {
    tab: TAB,
    ...ITEM_DELETED,
  });
}

type HorseOption = { id: string; name: string };

export default function WinnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { winners, horses, fetchError } = loaderData;
  const [params] = useSearchParams();
  const editId = params.get("edit");
  const editing = editId ? winners.find((w) => w.id === editId) : undefined;
  const result = actionData as AdminActionData | undefined;

  return (
    <div className="space-y-8">
      <ShowToast toast={fetchError} />
      <ShowToast toast={result?.toast} />
      <Card title="Add New Victory" titleId="add-victory">
        <WinnerForm
          key={winners.map((w) => w.id).join(",")}
          intent="create"
          titleId="add-victory"
          horses={horses}
          result={result?.intent === "create" ? result : undefined}
        />
      </Card>
      {editing ? (
        <EditVictory
          key={editing.id}
          winner={editing}
          horses={horses}
          result={result?.intent === "update" && result.id === editing.id ? result : undefined}
        />
      ) : null}
      <Card title="Recent Victories" titleId="recent-victories">
        {fetchError ? (
          <FormError message={fetchError.description} />
        ) : winners.length === 0 ? (
          <p className="text-stone-600">No victories yet. Add the first one above.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {winners.map((winner) => (
              <WinnerRow key={winner.id} winner={winner} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function WinnerRow({ winner }: { winner: Winner }) {
  const deleting = useSubmitting("delete", winner.id);
  const horseName = winner.horseName ?? "Unknown Horse";
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <ResponsiveImage
        image={winner.photo}
        alt={`${horseName} winning ${winner.raceName}`}
        sizes="64px"
        className="h-16 w-16 shrink-0 rounded-md object-cover"
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-base font-semibold text-stone-900">{horseName}</p>
        <p className="text-stone-800">{winner.raceName}</p>
        <p className="text-stone-700">
          {formatDanishDate(winner.raceDate)} · {orFallback(winner.track, "Unknown Track")}
        </p>
        <p className="text-stone-700">Jockey: {orFallback(winner.jockey, "Unknown Jockey")}</p>
        <p className="font-medium text-brand-700">{formatPrize(winner.prizeOre)}</p>
      </div>
      <div className="flex gap-2">
        <Link
          to={`?edit=${winner.id}`}
          preventScrollReset
          className={buttonClass.small}
          aria-label={`Edit ${winner.raceName} (${horseName})`}
        >
          Edit
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={winner.id} />
          <button
            type="submit"
            className={buttonClass.danger}
            disabled={deleting}
            aria-label={`Delete ${winner.raceName} (${horseName})`}
          >
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </Form>
      </div>
    </li>
  );
}

function EditVictory({
  winner,
  horses,
  result,
}: {
  winner: Winner;
  horses: HorseOption[];
  result: AdminActionData | undefined;
}) {
  const ref = useScrollIntoViewOnOpen(winner.id);
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card title="Edit Victory Record" titleId="edit-victory" className="border-gold-400 ring-1 ring-gold-300">
        <WinnerForm intent="update" titleId="edit-victory" winner={winner} horses={horses} result={result} />
      </Card>
    </div>
  );
}

function WinnerForm({
  intent,
  titleId,
  winner,
  horses,
  result,
}: {
  intent: "create" | "update";
  titleId: string;
  winner?: Winner;
  horses: HorseOption[];
  result: AdminActionData | undefined;
}) {
  const { errors, onSubmit } = useSchemaCheck(intent === "create" ? winnerSchema : winnerEditSchema, result?.errors);
  const submitting = useSubmitting(intent, winner?.id);
  const v = result?.values;
  const val = (name: string, fallback: string | null | undefined) => v?.[name] ?? fallback ?? "";
  const horseKnown = winner?.horseId ? horses.some((h) => h.id === winner.horseId) : false;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={intent} />
      {winner ? <input type="hidden" name="id" value={winner.id} /> : null}
      <SelectField
        label="Horse"
        name="horseId"
        required
        defaultValue={val("horseId", horseKnown ? winner?.horseId : "")}
        error={errors.horseId}
      >
        <option value="">Select a horse</option>
        {horses.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Race Name"
        name="raceName"
        required
        maxLength={200}
        defaultValue={val("raceName", winner?.raceName)}
        error={errors.raceName}
      />
      <Field
        label="Race Date"
        name="raceDate"
        type="date"
        required
        defaultValue={val("raceDate", winner?.raceDate)}
        error={errors.raceDate}
      />
      <Field
        label="Track"
        name="track"
        maxLength={200}
        defaultValue={val("track", winner?.track)}
        error={errors.track}
      />
      <Field
        label="Distance"
        name="distance"
        maxLength={100}
        placeholder="e.g. 2400 m"
        defaultValue={val("distance", winner?.distance)}
        error={errors.distance}
      />
      <Field
        label="Jockey"
        name="jockey"
        maxLength={200}
        defaultValue={val("jockey", winner?.jockey)}
        error={errors.jockey}
      />
      <Field
        label="Prize Money (DKK)"
        name="prize"
        inputMode="decimal"
        maxLength={40}
        placeholder="e.g. 125.000,50"
        hint={
          intent === "update"
            ? `${PRIZE_HINT}. A change here (or moving the victory to another horse) also corrects the horses' total prize money.`
            : `${PRIZE_HINT}. It is added to the horse's total prize money.`
        }
        defaultValue={val("prize", winner?.prizeOre != null ? formatAmount(winner.prizeOre) : "")}
        error={errors.prize}
      />
      <ImageUploadField
        key={errors.photo ?? ""}
        label="Winner Photo"
        name="photo"
        currentImage={winner?.photo}
        currentAlt={winner ? `${winner.raceName} photo` : ""}
        error={errors.photo}
      />
      <SaveOrCancel
        submitting={submitting}
        cancelTo={TAB}
        addLabel={intent === "create" ? "Add Victory" : undefined}
        className="flex gap-2 sm:col-span-2"
      />
    </Form>
  );
}
