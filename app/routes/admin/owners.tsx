import { Link } from "react-router";
import type { Route } from "./+types/owners";
import { Card } from "~/components/ui/card";
import { RequiredMark, SelectField } from "~/components/ui/field";
import { fieldErrorClass } from "~/components/ui/field-classes";
import { msg, type AdminKey, type AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { listHorseNames } from "~/models/horse.server";
import {
  AccountTakenError,
  AlreadyActiveError,
  listOwnersPage,
  mayTakeOver,
  revokeOwner,
  UnknownHorseError,
  updateOwner,
  type OwnerAccount,
  type OwnerListEntry,
} from "~/models/owner-account.server";
import { listWithheld, removeGuestAsStable } from "~/models/owner-guest.server";
import type { AccountStatus } from "~/models/owner-account";
import { sendNewInvitation, sendOwnerInvitation } from "~/owners/accounts.server";
import { cn } from "~/utils/cn";
import { showInvisible } from "~/utils/visible-text";
import { adminAction, intent, type Refusal } from "./+shared/admin-action.server";
import { OWNER_HORSE_FIELD, ownerEditSchema, ownerSchema, recordIdSchema } from "./+shared/admin-forms";
import { adminMeta } from "./+shared/admin-meta";
import { RecordFormShell, useRecordForm } from "./+shared/form-parts";
import { OpenLink, RecordList, RecordRow, RowAction } from "./+shared/record-list";
import { emptyPage, listParams, openTab, readForTab, readTabPage, TAB_PAGE_SIZE } from "./+shared/tab-reads.server";
import { ListControls } from "./+shared/list-controls";
import {
  EditPanel,
  NoHorsesYet,
  RecordForms,
  TabPage,
  useTabForms,
  type RecordCards,
  type RecordFormProps,
} from "./+shared/tab-parts";
import { pathTo } from "~/pages/registry";
import {
  getOwnerBillingDetails,
  InvalidBillingDetailsError,
  ownersBillingDetails,
  saveOwnerBillingDetails,
  type OwnerBillingDetails,
} from "~/models/billing-details.server";
import { ownerBillingSchema } from "./+shared/billing-forms";
import { OwnerBillingForm, ownerBillingValues, type OwnerBillingValues } from "./+shared/owner-billing-form";

const TAB = "/admin/owners";

/** An owner's invitation the site kept instead of sending (the address had an account): the stable may know. */
type WithheldGuest = { id: string; name: string; email: string };

type OwnerRow = OwnerListEntry & {
  id: string;
  withheld: WithheldGuest[];
  /** Who the owner's invoices are made out to (the form's values), and their customer number once saved. */
  billing: OwnerBillingValues;
  customerNo: number | null;
  invoiceName: string;
};

/** A page of the owners with their withheld guest invitations and their billing details. */
async function ownersWithWithheld(request: Request, q: string, page: number) {
  const list = await readTabPage(
    request,
    page,
    (n) => listOwnersPage({ search: q }, { page: n, perPage: TAB_PAGE_SIZE }),
    async (userId) => (await listOwnersPage({ userId }, { perPage: 1 })).items[0] ?? null,
    (owner) => owner.userId,
  );
  const items = list.items;
  const ids = items.map((o) => o.userId);
  const [withheld, billing] = await Promise.all([listWithheld(ids), ownersBillingDetails(ids)]);
  return {
    ...list,
    items: items.map((o): OwnerRow => {
      const details: OwnerBillingDetails | undefined = billing.get(o.userId);
      return {
        ...o,
        id: o.userId,
        withheld: withheld
          .filter((w) => w.host_id === o.userId)
          .map((w) => ({ id: w.id, name: w.name, email: w.email })),
        billing: ownerBillingValues(o, details),
        customerNo: details?.customerNo ?? null,
        invoiceName: details?.name ?? o.name,
      };
    }),
  };
}

/** One collator for the sort: `localeCompare(…, "da")` makes one per comparison. */
const DANISH = new Intl.Collator("da");

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const { q, page } = listParams(request);
  const [owners, horses] = await Promise.all([
    readForTab(t, "owners", () => ownersWithWithheld(request, q, page), emptyPage<OwnerRow>()),
    readForTab(t, "horses", () => listHorseNames(), [] as { id: string; name: string }[]),
  ]);
  const { items, ...pages } = owners.value;
  return {
    owners: items,
    list: { q, ...pages },
    horses: [...horses.value].sort((a, b) => DANISH.compare(a.name, b.name)),
    fetchError: owners.error ?? horses.error,
  };
}

/** Why an e-mail or a horse cannot be used, on its field; who holds an address, and whether it may be taken over. */
function refusedOwner(error: unknown): Refusal | undefined {
  if (error instanceof AccountTakenError && error.held) {
    const { held } = error;
    const values = { name: showInvisible(held.name), host: showInvisible(held.hostName ?? "") };
    const guest = held.role === "guest";
    if (!mayTakeOver(held)) {
      return { errors: { email: msg(guest ? "owners.emailActiveGuest" : "owners.emailActiveOwner", values) } };
    }
    return {
      errors: {
        email: msg(guest ? "owners.emailHeldGuest" : "owners.emailHeldOwner", values),
        takeOver: "owners.takeOverHint",
      },
    };
  }
  if (error instanceof AccountTakenError) {
    const key: Record<AccountTakenError["holder"], AdminKey> = {
      admin: "owners.emailAdmin",
      owner: "owners.emailOwner",
      account: "owners.emailAccount",
    };
    return { errors: { email: key[error.holder] } };
  }
  if (error instanceof UnknownHorseError) return { errors: { horses: "owners.unknownHorse" } };
  if (error instanceof AlreadyActiveError) return { toast: "owners.alreadyActive" };
  return undefined;
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "owners.updateFailed",
  intents: {
    create: intent({
      schema: ownerSchema,
      failure: "owners.sendFailed",
      write: ({ data }) => sendOwnerInvitation(data),
      refuse: refusedOwner,
      success: (owner) => ({
        title: "owners.sent",
        description: msg("owners.sentText", { email: showInvisible(owner.email) }),
        show: owner.userId,
      }),
    }),
    update: intent({
      schema: ownerEditSchema,
      failure: "owners.updateFailed",
      write: ({ data: { id, ...owner } }) => updateOwner(id, owner),
      refuse: refusedOwner,
      success: (_, { data }) => ({
        title: "owners.updated",
        description: msg("owners.updatedText", { name: showInvisible(data.name) }),
        show: data.id,
      }),
    }),
    resend: intent({
      schema: recordIdSchema,
      failure: "owners.sendFailed",
      write: ({ data }) => sendNewInvitation(data.id),
      refuse: refusedOwner,
      success: (owner, { data }) => ({
        title: "owners.sent",
        description: msg("owners.sentText", { email: showInvisible(owner.email) }),
        show: data.id,
      }),
    }),
    "remove-guest": intent({
      schema: recordIdSchema,
      failure: "owners.removeGuestFailed",
      write: ({ data }) => removeGuestAsStable(data.id),
      success: (guest) => ({
        title: "owners.guestRemoved",
        description: msg("owners.guestRemovedText", { name: showInvisible(guest.name) }),
      }),
    }),
    // Who the owner's invoices are made out to, and in which language.
    billing: intent({
      schema: ownerBillingSchema,
      failure: "ownerBilling.failed",
      write: async ({ data: { id, ...details } }) =>
        (await saveOwnerBillingDetails(id, details)) ? getOwnerBillingDetails(id) : null,
      refuse: (error) =>
        error instanceof InvalidBillingDetailsError
          ? { errors: Object.fromEntries(error.fields.map((f) => [f, "ownerBilling.failed"])) }
          : undefined,
      success: (saved, { data }) => ({
        title: "ownerBilling.saved",
        description: msg("ownerBilling.savedText", { name: showInvisible(saved?.name ?? "") }),
        show: data.id,
      }),
    }),
    revoke: intent({
      schema: recordIdSchema,
      failure: "owners.revokeFailed",
      write: ({ data }) => revokeOwner(data.id),
      success: (owner, { data }) => ({
        title: "owners.revoked",
        description: msg(owner.guests ? "owners.revokedTextGuests" : "owners.revokedText", {
          name: showInvisible(owner.name),
        }),
        show: data.id,
      }),
    }),
  },
});

type HorseOption = { id: string; name: string };

export default function OwnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { owners, list, horses, fetchError } = loaderData;
  const t = useAdminT();
  const tab = useTabForms(actionData);
  const cards: RecordCards<OwnerRow> = {
    add: { title: t("owners.invite"), titleId: "invite-owner" },
    edit: { title: (owner) => t("owners.edit", { name: showInvisible(owner.name) }), titleId: "edit-owner" },
  };
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms
        tab={tab}
        records={owners}
        cards={cards}
        form={(props) => <OwnerForm {...props} horses={horses} />}
        addInstead={horses.length || fetchError ? undefined : <NoHorsesYet />}
      />
      <BillingPanel owners={owners} tab={tab} />
      <Card title={t("owners.list")} titleId="current-owners">
        <ListControls tab={TAB} list={list} name={t("owners.listName")} hint={t("owners.searchHint")}>
          <RecordList fetchError={fetchError} empty={list.q ? null : t("owners.empty")} records={owners}>
            {(owner) => <OwnerRowView key={owner.id} owner={owner} />}
          </RecordList>
        </ListControls>
      </Card>
    </TabPage>
  );
}

/** An owner's billing details, in the panel `?billing=id` opens. */
function BillingPanel({ owners, tab }: { owners: OwnerRow[]; tab: ReturnType<typeof useTabForms> }) {
  const t = useAdminT();
  const owner = tab.opened(owners, "billing");
  if (!owner) return null;
  const name = showInvisible(owner.name);
  return (
    <EditPanel
      key={owner.id}
      openKey={`billing-${owner.id}`}
      title={t("ownerBilling.title", { name })}
      titleId="owner-billing"
    >
      <OwnerBillingForm
        id={owner.id}
        values={owner.billing}
        result={tab.answerFor("billing", owner.id)}
        titleId="owner-billing"
        cancelTo={TAB}
      />
    </EditPanel>
  );
}

const STATUS_STYLE: Record<AccountStatus, string> = {
  invited: "bg-amber-100 text-amber-950",
  expired: "bg-stone-200 text-stone-900",
  active: "bg-emerald-100 text-emerald-900",
  revoked: "bg-red-100 text-red-900",
};

const statusText = (status: AccountStatus, t: AdminTranslate) => t(`owners.status.${status}`);

function StatusBadge({ status }: { status: AccountStatus }) {
  const t = useAdminT();
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLE[status])}>
      {statusText(status, t)}
    </span>
  );
}

/** An owner's guests, each with its state (or that its invitation was withheld) and Remove. */
function GuestList({ guests, withheld }: { guests: OwnerAccount[]; withheld: WithheldGuest[] }) {
  const t = useAdminT();
  const rows = [
    ...guests.map((g) => ({ id: g.userId, name: g.name, email: g.email, status: statusText(g.status, t) })),
    ...withheld.map((w) => ({ ...w, status: t("owners.withheld") })),
  ];
  if (rows.length === 0) return null;
  return (
    <div className="mt-1 text-stone-600">
      <p>{t("owners.guestsHeading")}</p>
      <ul className="mt-1 space-y-1" aria-label={t("owners.guestsHeading")}>
        {rows.map((g) => {
          const name = showInvisible(g.name);
          return (
            <li key={g.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="break-words">
                {t("owners.guest", { name, status: g.status })} · {showInvisible(g.email)}
              </span>
              <RowAction
                intent="remove-guest"
                id={g.id}
                variant="small"
                label={t("owners.removeGuestLabel", { name })}
                busyText={t("owners.removingGuest")}
              >
                {t("owners.removeGuest")}
              </RowAction>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Names and addresses as typed, with invisible and direction characters shown by their code (decision 0159). */
function OwnerRowView({ owner }: { owner: OwnerRow }) {
  const t = useAdminT();
  const name = showInvisible(owner.name);
  return (
    <RecordRow
      recordId={owner.id}
      actions={
        <>
          <OpenLink id={owner.id} label={t("form.editLabel", { name })}>
            {t("form.edit")}
          </OpenLink>
          <OpenLink param="billing" id={owner.id} label={t("ownerBilling.openLabel", { name })}>
            {t("ownerBilling.open")}
          </OpenLink>
          {owner.state === "active" ? null : (
            <RowAction
              intent="resend"
              id={owner.id}
              variant="small"
              label={t("owners.resendLabel", { name })}
              busyText={t("owners.sending")}
            >
              {t("owners.resend")}
            </RowAction>
          )}
          {owner.state === "revoked" ? null : (
            <RowAction
              intent="revoke"
              id={owner.id}
              label={t("owners.revokeLabel", { name })}
              busyText={t("owners.revoking")}
            >
              {t("owners.revoke")}
            </RowAction>
          )}
        </>
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold text-stone-900">{name}</span>
        <StatusBadge status={owner.status} />
      </p>
      <p className="break-words text-stone-700">{showInvisible(owner.email)}</p>
      <p className="text-stone-700">
        {owner.horses.length ? (
          owner.horses.map((h, i) => (
            <span key={h.id}>
              {i ? ", " : ""}
              <Link to={pathTo("horse", { slug: h.slug })} className="text-brand-700 underline underline-offset-2">
                {h.name}
              </Link>
            </span>
          ))
        ) : (
          <span className="italic">{t("owners.noHorses")}</span>
        )}
      </p>
      <p className="text-stone-700">
        {owner.customerNo === null ? (
          <span className="italic">{t("ownerBilling.none")}</span>
        ) : (
          t("ownerBilling.summary", { name: showInvisible(owner.invoiceName), number: owner.customerNo })
        )}
      </p>
      <GuestList guests={owner.guests} withheld={owner.withheld} />
    </RecordRow>
  );
}

function OwnerForm({
  intent,
  titleId,
  record: owner,
  result,
  horses,
}: RecordFormProps<OwnerRow> & { horses: HorseOption[] }) {
  const t = useAdminT();
  const schema = intent === "create" ? ownerSchema : ownerEditSchema;
  const form = useRecordForm(schema, result, intent, owner);
  const sent = result?.values;
  const chosen = (id: string) =>
    sent ? sent[`${OWNER_HORSE_FIELD}${id}`] === "1" : !!owner?.horses.some((h) => h.id === id);
  const horsesError = form.errors.horses;
  return (
    <>
      {intent === "create" ? <p className="mb-4 text-sm text-stone-700">{t("owners.inviteIntro")}</p> : null}
      <RecordFormShell
        form={form}
        titleId={titleId}
        addLabel={intent === "create" ? t("owners.send") : undefined}
        cancelTo={TAB}
      >
        {form.field("name", t("owners.name"), { required: true, maxLength: 200, autoComplete: "off" })}
        {intent === "create"
          ? form.field("email", t("owners.email"), {
              required: true,
              type: "email",
              maxLength: 255,
              autoComplete: "off",
            })
          : null}
        <SelectField
          label={t("owners.language")}
          name="language"
          hint={t("owners.languageHint")}
          defaultValue={form.val("language", owner?.language ?? "en")}
          error={form.errors.language}
        >
          <option value="en">{t("owners.english")}</option>
          <option value="da">{t("owners.danish")}</option>
        </SelectField>
        <fieldset className="sm:col-span-2" aria-describedby={horsesError ? "owner-horses-error" : undefined}>
          <legend className="mb-2 flex items-baseline text-sm font-medium text-stone-800">
            {t("owners.horses")}
            <RequiredMark />
          </legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {horses.map((h) => (
              <label key={h.id} className="flex items-center gap-2 text-stone-800">
                <input type="checkbox" name={`${OWNER_HORSE_FIELD}${h.id}`} value="1" defaultChecked={chosen(h.id)} />
                {h.name}
              </label>
            ))}
          </div>
          {horsesError ? (
            <p id="owner-horses-error" className={fieldErrorClass}>
              {horsesError}
            </p>
          ) : null}
        </fieldset>
        {intent === "create" && (form.errors.takeOver || sent?.takeOver === "1") ? (
          <div className="sm:col-span-2">
            <label className="flex items-center gap-2 font-medium text-stone-800">
              <input
                type="checkbox"
                name="takeOver"
                value="1"
                defaultChecked={sent?.takeOver === "1"}
                aria-describedby="owner-take-over-hint"
              />
              {t("owners.takeOver")}
            </label>
            <p id="owner-take-over-hint" className="mt-1 text-sm text-stone-700">
              {form.errors.takeOver ?? t("owners.takeOverHint")}
            </p>
          </div>
        ) : null}
      </RecordFormShell>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.owners");
