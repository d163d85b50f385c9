import type { Route } from "./+types/winners";
import { Card } from "~/components/ui/card";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { PrizeField, RaceFields, type HorseOption } from "./+shared/race-fields";
import { getHorse, listHorses, type Horse } from "~/models/horse.server";
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner, type Winner } from "~/models/winner.server";
import { deleteToTrash, failed, invalid, readForTab, succeeded } from "./+shared/admin-actions.server";
import { fieldErrors, winnerEditSchema, winnerSchema } from "./+shared/admin-forms";
import { adminAction, saveWithImage, type AdminForm, type FailureTexts } from "./+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";

const TAB = "/admin/winners";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [winners, horses] = await Promise.all([
    readForTab("winners", () => listWinnersWithHorses(), [] as Winner[]),
    readForTab("horses", () => listHorses(), [] as Horse[]),
  ]);
  return {
    winners: winners.value,
    horses: horses.value.map((h) => ({ id: h.id, name: h.name })),
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
    delete: (form) => deleteToTrash(form, FAILED.delete, deleteWinner, { tab: TAB }),
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
    ? succeeded(TAB, "Winner Added", `${fields.raceName} has been added to the victories.`)
    : succeeded(TAB, "Winner Updated", "The victory record has been saved.");
}

/** The headings of the add and edit cards. */
const CARDS: RecordCards<Winner> = {
  add: { title: "Add New Victory", titleId: "add-victory" },
  edit: { title: () => "Edit Victory Record", titleId: "edit-victory" },
};

export default function WinnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { winners, horses, fetchError } = loaderData;
  const tab = useTabForms(actionData);
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms
        tab={tab}
        records={winners}
        cards={CARDS}
        form={(props) => <WinnerForm {...props} horses={horses} />}
      />
      <Card title="Recent Victories" titleId="recent-victories">
        <RecordList fetchError={fetchError} empty="No victories yet. Add the first one above." records={winners}>
          {(winner) => <WinnerRow key={winner.id} winner={winner} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

function WinnerRow({ winner }: { winner: Winner }) {
  const horseName = winner.horseName ?? "Unknown Horse";
  return (
    <RecordRow
      picture={{ image: winner.photo, alt: `${horseName} winning ${winner.raceName}` }}
      actions={<EditAndDelete id={winner.id} name={`${winner.raceName} (${horseName})`} />}
    >
      <p className="text-base font-semibold text-stone-900">{horseName}</p>
      <p className="text-stone-800">{winner.raceName}</p>
      <p className="text-stone-700">
        {formatDanishDate(winner.raceDate)} · {orFallback(winner.track, "Unknown Track")}
      </p>
      <p className="text-stone-700">Jockey: {orFallback(winner.jockey, "Unknown Jockey")}</p>
      <p className="font-medium text-brand-700">{formatPrize(winner.prizeOre)}</p>
    </RecordRow>
  );
}

function WinnerForm({
  intent,
  titleId,
  record: winner,
  horses,
  result,
}: RecordFormProps<Winner> & { horses: HorseOption[] }) {
  const schema = intent === "create" ? winnerSchema : winnerEditSchema;
  const form = useRecordForm(schema, result, intent, winner);
  return (
    <RecordFormShell form={form} titleId={titleId} multipart addLabel="Add Victory" cancelTo={TAB}>
      <RaceFields form={form} horses={horses} horseId={winner?.horseId} />
      <PrizeField
        form={form}
        prizeOre={winner?.prizeOre}
        note={
          intent === "update"
            ? "A change here (or moving the victory to another horse) also corrects the horses' total prize money."
            : "It is added to the horse's total prize money."
        }
      />
      <RecordImageField
        form={form}
        name="photo"
        label="Winner Photo"
        current={winner?.photo}
        alt={winner ? `${winner.raceName} photo` : ""}
      />
    </RecordFormShell>
  );
}
