import type { Route } from "./+types/horses";
import { Card } from "~/components/ui/card";
import { Field, TextAreaField } from "~/components/ui/field";
import { useLang } from "~/i18n/use-lang";
import { colourChoices, colourIn, sexChoices, sexIn } from "~/racing/horse-terms";
import { SideBySide, useInDanish } from "./+shared/side-by-side";
import { MoneyField } from "~/components/ui/money-field";
import { msg } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { createHorse, deleteHorse, getHorse, listHorsesPage, updateHorse, type Horse } from "~/models/horse.server";
import {
  NegativeTotalError,
  placesFromResults,
  TotalTooLargeError,
  type PlacesFromResults,
} from "~/models/horse-record.server";
import { adminAction, intent, toTrash, type Refusal } from "./+shared/admin-action.server";
import { emptyPage, listParams, openTab, readForTab, readTabPage, TAB_PAGE_SIZE } from "./+shared/tab-reads.server";
import { ListControls } from "./+shared/list-controls";
import { horseEditSchema, horseSchema } from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { formatAmount, formatDkk } from "~/racing/format";
import { AMOUNT_LIMIT_TEXT } from "~/racing/money";
import { pathTo } from "~/pages/registry";

const TAB = "/admin/horses";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const { q, page } = listParams(request);
  const horses = await readForTab(
    t,
    "horses",
    () =>
      readTabPage(request, page, (n) => listHorsesPage({ search: q }, { page: n, perPage: TAB_PAGE_SIZE }), getHorse),
    emptyPage<Horse>(),
  );
  const { items, ...pages } = horses.value;
  // The horse being edited: how many of its places its recorded results gave it.
  const editing = new URL(request.url).searchParams.get("edit");
  const fromResults =
    editing && items.some((h) => h.id === editing) ? await placesFromResults(editing).catch(() => null) : null;
  return { horses: items, list: { q, ...pages }, fetchError: horses.error, fromResults };
}

/** A horse's photo, with its link-preview crop. */
const HORSE_IMAGE = { image: { bucket: "horse-images", socialCard: true } } satisfies Record<string, ImageSpec>;

/** A total out of bounds is the administrator's to fix: shown on the amount field. */
function refusedTotal(error: unknown): Refusal | undefined {
  if (error instanceof NegativeTotalError) return { errors: { addPrize: "horses.totalBelowZero" } };
  if (error instanceof TotalTooLargeError) {
    return { errors: { addPrize: msg("horses.totalAboveLimit", { limit: AMOUNT_LIMIT_TEXT }) } };
  }
  return undefined;
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "horses.updateFailed",
  intents: {
    create: intent({
      schema: horseSchema,
      failure: "horses.addFailed",
      images: HORSE_IMAGE,
      write: ({ data, images }) => createHorse({ ...data, age: data.age ?? 0, image: images.image }),
      success: (horse, { data }) => ({
        title: "horses.added",
        description: msg("horses.addedText", { name: data.name }),
        show: horse.id,
      }),
    }),
    update: intent({
      schema: horseEditSchema,
      failure: "horses.updateFailed",
      images: HORSE_IMAGE,
      // Only what the administrator changed is applied, so a victory recorded meanwhile is kept.
      write: ({ data: { id, shownTotalOre, totalPrize, addPrize, age, ...fields }, images }) =>
        updateHorse(id, {
          ...fields,
          age: age ?? 0,
          image: images.image,
          prizeDeltaOre: totalPrize - shownTotalOre + addPrize,
        }),
      refuse: refusedTotal,
      success: ({ horse }, { data }) => ({
        title: "horses.updated",
        description:
          data.addPrize > 0
            ? msg("horses.updatedWithPrize", { name: horse.name, amount: formatAmount(data.addPrize) })
            : msg("horses.updatedText", { name: horse.name }),
        show: horse.id,
      }),
    }),
    delete: toTrash(deleteHorse, "horses.deleteFailed", {
      title: "horses.deleted",
      description: "horses.deletedText",
    }),
  },
});

export default function HorsesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { horses, list, fetchError, fromResults } = loaderData;
  const t = useAdminT();
  const tab = useTabForms(actionData);
  const cards: RecordCards<Horse> = {
    add: { title: t("horses.add"), titleId: "add-horse" },
    edit: { title: (horse) => t("horses.edit", { name: horse.name }), titleId: "edit-horse" },
  };
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms
        tab={tab}
        records={horses}
        cards={cards}
        form={(props) => <HorseForm {...props} fromResults={fromResults} />}
      />
      <Card title={t("horses.list")} titleId="current-horses">
        <ListControls tab={TAB} list={list} name={t("horses.listName")} hint={t("horses.searchHint")}>
          <RecordList fetchError={fetchError} empty={list.q ? null : t("horses.empty")} records={horses}>
            {(horse) => <HorseRow key={horse.id} horse={horse} />}
          </RecordList>
        </ListControls>
      </Card>
    </TabPage>
  );
}

function HorseRow({ horse }: { horse: Horse }) {
  const t = useAdminT();
  const lang = useLang();
  return (
    <RecordRow
      recordId={horse.id}
      picture={{ image: horse.image, alt: horse.name }}
      actions={<EditAndDelete id={horse.id} name={horse.name} />}
      publicPage={{ href: pathTo("horse", { slug: horse.slug }), name: horse.name }}
    >
      <p className="text-base font-semibold text-stone-900">{horse.name}</p>
      <p className="text-stone-700">
        {[
          t("horses.yearsOld", { age: horse.age }),
          colourIn(horse.color, lang),
          horse.sex && sexIn(horse.sex, lang, horse.age),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <p className="text-stone-700">
        {horse.sire} × {horse.dam}
      </p>
      {horse.owner ? <p className="text-stone-600">{t("horses.ownerLine", { owner: horse.owner })}</p> : null}
      {horse.totalPrizeOre > 0 ? <p className="font-medium text-brand-700">{formatDkk(horse.totalPrizeOre)}</p> : null}
    </RecordRow>
  );
}

/** A whole number field: age, places. */
const COUNT = { type: "number", min: 0, step: 1 } as const;

/** The horse form: a new horse, or an edit, which also sets the prize money and places. */
function HorseForm({
  intent,
  titleId,
  record: horse,
  result,
  fromResults,
}: RecordFormProps<Horse> & { fromResults: PlacesFromResults | null }) {
  const t = useAdminT();
  const schema = horse ? horseEditSchema : horseSchema;
  const form = useRecordForm(schema, result, intent, horse);
  const { errors, val, field } = form;
  const lang = useLang();
  const inDanish = useInDanish();
  const lists = `${form.id ?? "new"}-horse`;
  const text = (name: "description" | "descriptionDa", label: string, hint?: string) => (
    <TextAreaField
      label={label}
      name={name}
      lang={name === "descriptionDa" ? "da" : "en"}
      rows={5}
      maxLength={2000}
      hint={hint}
      defaultValue={val(name, horse?.[name])}
      error={errors[name]}
    />
  );
  return (
    <RecordFormShell form={form} titleId={titleId} multipart addLabel={t("horses.addButton")} cancelTo={TAB}>
      {horse ? <input type="hidden" name="shownTotalOre" value={val("shownTotalOre", horse.totalPrizeOre)} /> : null}
      {field("name", t("horses.name"), { required: true, maxLength: 200 })}
      {field("age", t("horses.age"), { ...COUNT, required: !horse?.yearOfBirth, hint: t("horses.ageHint") })}
      {field("yearOfBirth", t("horses.yearOfBirth"), { ...COUNT, min: 1900, hint: t("horses.yearHint") })}
      <Field
        label={t("horses.color")}
        name="color"
        required
        markRequired
        maxLength={100}
        list={`${lists}-colours`}
        autoComplete="off"
        hint={t("horses.listHint")}
        defaultValue={val("color", horse ? colourIn(horse.color, lang) : "")}
        error={errors.color}
      />
      <ChoiceList id={`${lists}-colours`} choices={colourChoices(lang)} />
      <Field
        label={t("horses.sex")}
        name="sex"
        maxLength={100}
        list={`${lists}-sexes`}
        autoComplete="off"
        hint={t("horses.listHint")}
        defaultValue={val("sex", horse?.sex ? sexIn(horse.sex, lang, horse.age) : "")}
        error={errors.sex}
      />
      <ChoiceList id={`${lists}-sexes`} choices={sexChoices(lang)} />
      {field("sire", t("horses.sire"), { required: true, maxLength: 200 })}
      {field("dam", t("horses.dam"), { required: true, maxLength: 200 })}
      {field("damSire", t("horses.damSire"), { maxLength: 200 })}
      {field("owner", t("horses.owner"), { maxLength: 200 })}
      <SideBySide
        en={text("description", t("horses.description"), t("horses.descriptionHint"))}
        da={text("descriptionDa", inDanish(t("horses.description")))}
      />
      <fieldset className="grid gap-4 sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-brand-900">{t("horses.ownership")}</legend>
        <label className="flex items-start gap-2 text-stone-900">
          <input
            type="checkbox"
            name="sharesAvailable"
            defaultChecked={result ? result.values.sharesAvailable === "on" : !!horse?.sharesAvailable}
            aria-describedby={`${lists}-shares-hint`}
            className="mt-1 h-4 w-4 accent-brand-700"
          />
          <span>
            {t("horses.sharesAvailable")}
            <span id={`${lists}-shares-hint`} className="block text-xs text-stone-600">
              {t("horses.sharesAvailableHint")}
            </span>
          </span>
        </label>
        <SideBySide
          hint={false}
          en={field("sharesText", t("horses.sharesText"), {
            maxLength: 100,
            lang: "en",
            placeholder: t("horses.sharesTextPlaceholder"),
          })}
          da={field("sharesTextDa", inDanish(t("horses.sharesText")), { maxLength: 100, lang: "da" })}
        />
      </fieldset>
      {horse ? (
        <>
          <MoneyField
            label={t("horses.totalPrize")}
            name="totalPrize"
            defaultValue={val("totalPrize", formatAmount(horse.totalPrizeOre))}
            error={errors.totalPrize}
          />
          <MoneyField
            label={t("horses.addPrize")}
            name="addPrize"
            placeholder="0,00"
            hint={t("horses.addPrizeHint")}
            defaultValue={val("addPrize")}
            error={errors.addPrize}
          />
          {/* Results add to the counts by themselves: said once, so nobody counts a win twice. */}
          <p className="text-sm text-stone-700 sm:col-span-2">
            {t("horses.placesNote", fromResults ?? { first: 0, second: 0, third: 0 })}
          </p>
          {field("firstPlaces", t("horses.firstPlaces"), COUNT)}
          {field("secondPlaces", t("horses.secondPlaces"), COUNT)}
          {field("thirdPlaces", t("horses.thirdPlaces"), COUNT)}
        </>
      ) : null}
      <RecordImageField
        form={form}
        name="image"
        label={t("horses.image")}
        current={horse?.image}
        alt={horse?.name}
        wide
      />
    </RecordFormShell>
  );
}

/** The words a list field offers; its own text is still accepted. */
function ChoiceList({ id, choices }: { id: string; choices: { value: string; label: string }[] }) {
  return (
    <datalist id={id}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value} label={choice.label} />
      ))}
    </datalist>
  );
}
