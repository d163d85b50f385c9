import type { Route } from "./+types/winners";
import { Card } from "~/components/ui/card";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { PrizeField, RaceFields, type HorseOption } from "./+shared/race-fields";
import { listHorses, type Horse } from "~/models/horse.server";
import {
  createWinner,
  deleteWinner,
  listWinnersWithHorses,
  updateWinner,
  type NewWinner,
  type Winner,
} from "~/models/winner.server";
import type { StoredImage } from "~/media/images.server";
import { adminAction, intent, toTrash } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { winnerEditSchema, winnerSchema } from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { requireChosenHorse } from "./+shared/chosen-horse.server";
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

const VICTORY_PHOTO = { photo: { bucket: "winner-photos" } } satisfies Record<string, ImageSpec>;

type VictoryForm = Omit<NewWinner, "prizeOre" | "photo"> & { prize: number | null };

const victoryOf = ({ prize, ...fields }: VictoryForm, photo: StoredImage | null): NewWinner => ({
  ...fields,
  prizeOre: prize,
  photo,
});

export const action = adminAction({
  tab: TAB,
  otherFailure: "Failed to update winner",
  intents: {
    create: intent({
      schema: winnerSchema,
      failure: "Failed to add winner",
      prepare: requireChosenHorse,
      images: VICTORY_PHOTO,
      write: ({ data, images }) => createWinner(victoryOf(data, images.photo)),
      success: (_, { data }) => ({
        title: "Winner Added",
        description: `${data.raceName} has been added to the victories.`,
      }),
    }),
    update: intent({
      schema: winnerEditSchema,
      failure: "Failed to update winner",
      prepare: requireChosenHorse,
      images: VICTORY_PHOTO,
      write: ({ data: { id, ...victory }, images }) => updateWinner(id, victoryOf(victory, images.photo)),
      success: { title: "Winner Updated", description: "The victory record has been saved." },
    }),
    delete: toTrash(deleteWinner, "Failed to delete winner"),
  },
});

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
