import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/team";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextAreaField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { msg } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { SideBySide, useInDanish } from "./+shared/side-by-side";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { IN_PLACE_FIELD, itemAnchor } from "./+shared/item-links";
import {
  createTeamMember,
  deleteTeamMember,
  listTeamMembers,
  moveTeamMember,
  moveTeamMemberTo,
  updateTeamMember,
  type TeamMember,
} from "~/models/team-member.server";
import { adminAction, intent, toTrash, type AdminActionData, type Success } from "./+shared/admin-action.server";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { recordIdSchema, teamMemberEditSchema, teamMemberSchema, teamMoveToSchema } from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { DEFAULT_MEMBER_DESCRIPTION } from "~/models/team-member";
import { pathTo } from "~/pages/registry";

const TAB = "/admin/team";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const members = await readForTab(t, "teamMembers", () => listTeamMembers(), [] as TeamMember[]);
  return { members: members.value, fetchError: members.error };
}

const MEMBER_PHOTO = { photo: { bucket: "team-photos" } } satisfies Record<string, ImageSpec>;

/**
 * The spec's toast after a move. A run of moves shows one toast, replaced each time; without
 * JavaScript the page opens at the member moved.
 */
const orderUpdated = (_: unknown, { data }: { data: { id: string } }): Success => ({
  title: "team.orderUpdated",
  description: "team.orderUpdatedText",
  slot: "team-order",
  show: data.id,
});

/** Moving a member one place up or down the list. */
const move = (direction: "up" | "down") =>
  intent({
    schema: recordIdSchema,
    failure: "team.moveFailed",
    write: async ({ data }) => (await moveTeamMember(data.id, direction)) || null,
    success: orderUpdated,
  });

export const action = adminAction({
  tab: TAB,
  otherFailure: "team.updateFailed",
  intents: {
    create: intent({
      schema: teamMemberSchema,
      failure: "team.addFailed",
      images: MEMBER_PHOTO,
      write: ({ data, images }) => createTeamMember({ ...data, photo: images.photo }),
      success: (member, { data }) => ({
        title: "team.added",
        description: msg("team.addedText", { name: data.name }),
        show: member.id,
      }),
    }),
    update: intent({
      schema: teamMemberEditSchema,
      failure: "team.updateFailed",
      images: MEMBER_PHOTO,
      write: ({ data: { id, ...member }, images }) => updateTeamMember(id, { ...member, photo: images.photo }),
      success: (_, { data }) => ({
        title: "team.updated",
        description: msg("team.updatedText", { name: data.name }),
        show: data.id,
      }),
    }),
    "move-up": move("up"),
    "move-down": move("down"),
    "move-to": intent({
      schema: teamMoveToSchema,
      failure: "team.moveFailed",
      write: async ({ data }) => (await moveTeamMemberTo(data.id, data.position)) || null,
      success: orderUpdated,
    }),
    delete: toTrash(deleteTeamMember, "team.deleteFailed"),
  },
});

export default function TeamTab({ loaderData, actionData }: Route.ComponentProps) {
  const { members, fetchError } = loaderData;
  const t = useAdminT();
  const tab = useTabForms(actionData);
  const order = useOrderInPlace();
  const cards: RecordCards<TeamMember> = {
    add: { title: t("team.add"), titleId: "add-member" },
    edit: { title: (member) => t("team.edit", { name: member.name }), titleId: "edit-member" },
  };
  return (
    <TabPage toasts={[fetchError, tab.result?.toast, order.toast]}>
      <RecordForms tab={tab} records={members} cards={cards} form={(props) => <MemberForm {...props} />} />
      <Card title={t("team.list")} titleId="team-members">
        <RecordList fetchError={fetchError} empty={t("team.empty")} records={members} ordered>
          {(member, i) => <MemberRow key={member.id} member={member} index={i} count={members.length} order={order} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

type PendingMove = { id: string; control: string; top: number };

/**
 * With JavaScript, the team's order changes in place: the move is sent by a fetcher (no new page),
 * the list is read again, and once it shows the new order the member moved keeps keyboard focus on
 * the same button (or its other move button, at an end of the list), stays under the pointer (the
 * page scrolls by as much as the row moved) and is highlighted.
 */
function useOrderInPlace() {
  const fetcher = useFetcher<AdminActionData>({ key: "team-order" });
  const hydrated = useHydrated();
  const pending = useRef<PendingMove | null>(null);
  const [movedId, setMovedId] = useState<string | null>(null);

  useLayoutEffect(() => {
    const move = pending.current;
    if (!move || fetcher.state !== "idle") return;
    pending.current = null;
    const row = document.getElementById(itemAnchor(move.id));
    const same = row?.querySelector<HTMLButtonElement>(`[data-control="${move.control}"]`);
    const target =
      same && !same.disabled ? same : row?.querySelector<HTMLButtonElement>("button[data-control]:not(:disabled)");
    if (!target) return;
    window.scrollBy(0, target.getBoundingClientRect().top - move.top);
    target.focus({ preventScroll: true });
  }, [fetcher.state]);

  return {
    fetcher,
    hydrated,
    movedId,
    toast: fetcher.state === "idle" ? fetcher.data?.toast : undefined,
    /** Called as a move's button sends its form: where the button is now, to keep it there. */
    started(id: string, button: HTMLElement) {
      pending.current = { id, control: button.dataset.control ?? "", top: button.getBoundingClientRect().top };
      setMovedId(id);
    },
  };
}

type OrderInPlace = ReturnType<typeof useOrderInPlace>;

/** One of a member's move forms: in place with JavaScript, an ordinary form without. */
function MoveForm({
  member,
  intent,
  order,
  className,
  children,
}: {
  member: TeamMember;
  intent: string;
  order: OrderInPlace;
  className?: string;
  children: ReactNode;
}) {
  return (
    <order.fetcher.Form
      method="post"
      preventScrollReset
      className={className}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter) order.started(member.id, submitter);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={member.id} />
      {order.hydrated ? <input type="hidden" name={IN_PLACE_FIELD} value="1" /> : null}
      {children}
    </order.fetcher.Form>
  );
}

function MemberRow({
  member,
  index,
  count,
  order,
}: {
  member: TeamMember;
  index: number;
  count: number;
  order: OrderInPlace;
}) {
  const t = useAdminT();
  const description = member.description?.trim() || DEFAULT_MEMBER_DESCRIPTION;
  const moves = [
    { intent: "move-up", label: t("team.moveUp", { name: member.name }), arrow: "↑", text: t("team.up"), at: 0 },
    {
      intent: "move-down",
      label: t("team.moveDown", { name: member.name }),
      arrow: "↓",
      text: t("team.down"),
      at: count - 1,
    },
  ];
  const positionId = `position-${member.id}`;
  return (
    <RecordRow
      recordId={member.id}
      highlighted={order.movedId === member.id}
      picture={{ image: member.photo, alt: member.name, round: true }}
      publicPage={{ href: pathTo("team"), name: member.name }}
      actions={
        <>
          {moves.map((move) => (
            <MoveForm key={move.intent} member={member} intent={move.intent} order={order}>
              <button
                type="submit"
                data-control={move.intent}
                className={buttonClass.small}
                disabled={index === move.at}
                aria-label={move.label}
              >
                <span aria-hidden="true">{move.arrow}</span> {move.text}
              </button>
            </MoveForm>
          ))}
          {count > 2 ? (
            <MoveForm member={member} intent="move-to" order={order} className="flex items-center gap-1">
              <label htmlFor={positionId} className="sr-only">
                {t("team.moveTo", { name: member.name })}
              </label>
              <select
                id={positionId}
                name="position"
                defaultValue={String(member.position)}
                key={member.position}
                className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
              >
                {Array.from({ length: count }, (_, i) => (
                  <option key={i} value={String(i + 1)}>
                    {i + 1}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                data-control="move-to"
                className={buttonClass.small}
                aria-label={t("team.moveLabel", { name: member.name })}
              >
                {t("team.move")}
              </button>
            </MoveForm>
          ) : null}
          <EditAndDelete id={member.id} name={member.name} />
        </>
      }
    >
      <p className="text-base font-semibold text-stone-900">{member.name}</p>
      <p className="text-brand-700">{member.role}</p>
      <p className="truncate text-stone-600" title={description}>
        {description}
      </p>
    </RecordRow>
  );
}

function MemberForm({ intent, titleId, record: member, result }: RecordFormProps<TeamMember>) {
  const t = useAdminT();
  const schema = intent === "create" ? teamMemberSchema : teamMemberEditSchema;
  const form = useRecordForm(schema, result, intent, member);
  const { errors, val, field } = form;
  const inDanish = useInDanish();
  const description = (name: "description" | "descriptionDa", label: string, hint?: string) => (
    <TextAreaField
      label={label}
      name={name}
      lang={name === "descriptionDa" ? "da" : "en"}
      rows={4}
      maxLength={1000}
      hint={hint}
      defaultValue={val(name, member?.[name])}
      error={errors[name]}
    />
  );
  return (
    <RecordFormShell form={form} titleId={titleId} multipart addLabel={t("team.addButton")} cancelTo={TAB}>
      {field("name", t("team.name"), { required: true, maxLength: 200 })}
      <SideBySide
        en={
          <>
            {field("role", t("team.role"), {
              required: true,
              maxLength: 200,
              placeholder: t("team.rolePlaceholder"),
              lang: "en",
            })}
            {description(
              "description",
              t("team.description"),
              t("team.descriptionHint", { text: DEFAULT_MEMBER_DESCRIPTION }),
            )}
          </>
        }
        da={
          <>
            {field("roleDa", inDanish(t("team.role")), { maxLength: 200, lang: "da" })}
            {description("descriptionDa", inDanish(t("team.description")))}
          </>
        }
      />
      <RecordImageField
        form={form}
        name="photo"
        label={t("team.photo")}
        current={member?.photo}
        alt={member?.name}
        wide
      />
    </RecordFormShell>
  );
}
