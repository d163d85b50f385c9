import type { Route } from "./+types/winners";
import { Card } from "~/components/ui/card";
import { msg } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import {
  NoHorsesYet,
  RecordForms,
  TabPage,
  useTabForms,
  type RecordCards,
  type RecordFormProps,
} from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { PrizeField, RaceFields, type HorseOption } from "./+shared/race-fields";
import { listHorseNames } from "~/models/horse.server";
import {
  createWinner,
  deleteWinner,
  getWinnerWithHorse,
  listWinnersPage,
  updateWinner,
  type NewWinner,
  type Winner,
} from "~/models/winner.server";
import type { StoredImage } from "~/media/images.server";
import { adminAction, intent, toTrash } from "./+shared/admin-action.server";
import { emptyPage, listParams, openTab, readForTab, readTabPage, TAB_PAGE_SIZE } from "./+shared/tab-reads.server";
import { ListControls } from "./+shared/list-controls";
import { winnerEditSchema, winnerSchema } from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { requireChosenHorse } from "./+shared/chosen-horse.server";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";
import { pathTo } from "~/pages/registry";

const TAB = "/admin/winners";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const { q, page } = listParams(request);
  const [winners, horses] = await Promise.all([
    readForTab(
      t,
      "winners",
      () =>
        readTabPage(
          request,
          page,
          (n) => listWinnersPage({ search: q }, { page: n, perPage: TAB_PAGE_SIZE }),
          getWinnerWithHorse,
        ),
      emptyPage<Winner>(),
    ),
    readForTab(t, "horses", () => listHorseNames(), [] as HorseOption[]),
  ]);
  const { items, ...pages } = winners.value;
  return {
    winners: items.map(shownOfWinner),
    list: { q, ...pages },
    horses: horses.value,
    fetchError: winners.error ?? horses.error,
  };
}

/** What the tab shows and edits of a victory: not the horse's photo, owner or address. */
function shownOfWinner({ horsePhoto: _photo, horseOwner: _owner, horseSlug: _slug, createdAt: _at, ...shown }: Winner) {
  return shown;
}

type ShownWinner = ReturnType<typeof shownOfWinner>;

const VICTORY_PHOTO = { photo: { bucket: "winner-photos" } } satisfies Record<string, ImageSpec>;

type VictoryForm = Omit<NewWinner, "prizeOre" | "photo"> & { prize: number | null };

const victoryOf = ({ prize, ...fields }: VictoryForm, photo: StoredImage | null): NewWinner => ({
  ...fields,
  prizeOre: prize,
  photo,
});

export const action = adminAction({
  tab: TAB,
  otherFailure: "winners.updateFailed",
  intents: {
    create: intent({
      schema: winnerSchema,
      failure: "winners.addFailed",
      prepare: requireChosenHorse,
      images: VICTORY_PHOTO,
      write: ({ data, images }) => createWinner(victoryOf(data, images.photo)),
      success: (victory, { data }) => ({
        title: "winners.added",
        description: msg("winners.addedText", { race: data.raceName }),
        show: victory.id,
      }),
    }),
    update: intent({
      schema: winnerEditSchema,
      failure: "winners.updateFailed",
      prepare: requireChosenHorse,
      images: VICTORY_PHOTO,
      write: ({ data: { id, ...victory }, images }) => updateWinner(id, victoryOf(victory, images.photo)),
      success: (_, { data }) => ({ title: "winners.updated", description: "winners.updatedText", show: data.id }),
    }),
    delete: toTrash(deleteWinner, "winners.deleteFailed"),
  },
});

export default function WinnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { winners, list, horses, fetchError } = loaderData;
  const t = useAdminT();
  const tab = useTabForms(actionData);
  const cards: RecordCards<ShownWinner> = {
    add: { title: t("winners.add"), titleId: "add-victory" },
    edit: { title: () => t("winners.edit"), titleId: "edit-victory" },
  };
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms
        tab={tab}
        records={winners}
        cards={cards}
        form={(props) => <WinnerForm {...props} horses={horses} />}
        addInstead={horses.length === 0 && !fetchError ? <NoHorsesYet /> : undefined}
      />
      <Card title={t("winners.list")} titleId="recent-victories">
        <ListControls tab={TAB} list={list} name={t("winners.listName")} hint={t("winners.searchHint")}>
          <RecordList fetchError={fetchError} empty={list.q ? null : t("winners.empty")} records={winners}>
            {(winner) => <WinnerRow key={winner.id} winner={winner} />}
          </RecordList>
        </ListControls>
      </Card>
    </TabPage>
  );
}

function WinnerRow({ winner }: { winner: ShownWinner }) {
  const t = useAdminT();
  const horseName = winner.horseName ?? t("race.unknownHorse");
  const name = `${winner.raceName} (${horseName})`;
  return (
    <RecordRow
      recordId={winner.id}
      picture={{ image: winner.photo, alt: t("winners.photoAlt", { horse: horseName, race: winner.raceName }) }}
      actions={<EditAndDelete id={winner.id} name={name} />}
      publicPage={{ href: pathTo("winners"), name }}
    >
      <p className="text-base font-semibold text-stone-900">{horseName}</p>
      <p className="text-stone-800">{winner.raceName}</p>
      <p className="text-stone-700">
        {formatDanishDate(winner.raceDate)} · {orFallback(winner.track, t("race.unknownTrack"))}
      </p>
      <p className="text-stone-700">
        {t("race.jockeyLine", { jockey: orFallback(winner.jockey, t("race.unknownJockey")) })}
      </p>
      <p className="font-medium text-brand-700">{formatPrize(winner.prizeOre, t("race.notSpecified"))}</p>
    </RecordRow>
  );
}

function WinnerForm({
  intent,
  titleId,
  record: winner,
  horses,
  result,
}: RecordFormProps<ShownWinner> & { horses: HorseOption[] }) {
  const t = useAdminT();
  const schema = intent === "create" ? winnerSchema : winnerEditSchema;
  const form = useRecordForm(schema, result, intent, winner);
  return (
    <RecordFormShell form={form} titleId={titleId} multipart addLabel={t("winners.addButton")} cancelTo={TAB}>
      <RaceFields form={form} horses={horses} horseId={winner?.horseId} />
      <PrizeField
        form={form}
        prizeOre={winner?.prizeOre}
        note={intent === "update" ? t("winners.prizeNoteEdit") : t("winners.prizeNoteAdd")}
      />
      <RecordImageField
        form={form}
        name="photo"
        label={t("winners.photo")}
        current={winner?.photo}
        alt={winner ? t("winners.currentPhotoAlt", { race: winner.raceName }) : ""}
      />
    </RecordFormShell>
  );
}
