import type { Route } from "./+types/team";
import { Card } from "~/components/ui/card";
import { TextAreaField } from "~/components/ui/field";
import { RecordFormShell, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow, RowAction } from "./+shared/record-list";
import {
  createTeamMember,
  deleteTeamMember,
  listTeamMembers,
  moveTeamMember,
  updateTeamMember,
  type TeamMember,
} from "~/models/team-member.server";
import { adminAction, intent, toTrash } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { recordIdSchema, teamMemberEditSchema, teamMemberSchema } from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { requireAdmin } from "~/auth/auth.server";
import { DEFAULT_MEMBER_DESCRIPTION } from "~/models/team-member";

const TAB = "/admin/team";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const members = await readForTab("team members", () => listTeamMembers(), [] as TeamMember[]);
  return { members: members.value, fetchError: members.error };
}

const MEMBER_PHOTO = { photo: { bucket: "team-photos" } } satisfies Record<string, ImageSpec>;

/** Moving a member one place up or down the list. */
const move = (direction: "up" | "down") =>
  intent({
    schema: recordIdSchema,
    failure: "Failed to update team member position",
    write: async ({ data }) => (await moveTeamMember(data.id, direction)) || null,
    success: { title: "Order Updated", description: "Team member position has been updated." },
  });

export const action = adminAction({
  tab: TAB,
  otherFailure: "Failed to update team member",
  intents: {
    create: intent({
      schema: teamMemberSchema,
      failure: "Failed to add team member",
      images: MEMBER_PHOTO,
      write: ({ data, images }) => createTeamMember({ ...data, photo: images.photo }),
      success: (_, { data }) => ({
        title: "Team Member Added",
        description: `${data.name} has been added to the team.`,
      }),
    }),
    update: intent({
      schema: teamMemberEditSchema,
      failure: "Failed to update team member",
      images: MEMBER_PHOTO,
      write: ({ data: { id, ...member }, images }) => updateTeamMember(id, { ...member, photo: images.photo }),
      success: (_, { data }) => ({
        title: "Team Member Updated",
        description: `${data.name} has been updated successfully.`,
      }),
    }),
    "move-up": move("up"),
    "move-down": move("down"),
    delete: toTrash(deleteTeamMember, "Failed to delete team member"),
  },
});

/** The headings of the add and edit cards. */
const CARDS: RecordCards<TeamMember> = {
  add: { title: "Add Team Member", titleId: "add-member" },
  edit: { title: (member) => `Edit Team Member: ${member.name}`, titleId: "edit-member" },
};

export default function TeamTab({ loaderData, actionData }: Route.ComponentProps) {
  const { members, fetchError } = loaderData;
  const tab = useTabForms(actionData);
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms tab={tab} records={members} cards={CARDS} form={(props) => <MemberForm {...props} />} />
      <Card title="Team Members" titleId="team-members">
        <RecordList
          fetchError={fetchError}
          empty="No team members yet. Add the first one above."
          records={members}
          ordered
        >
          {(member, i) => <MemberRow key={member.id} member={member} first={i === 0} last={i === members.length - 1} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

/** The member's place in the list: one form each way. */
const MOVES = [
  { intent: "move-up", word: "up", arrow: "↑", text: "Up" },
  { intent: "move-down", word: "down", arrow: "↓", text: "Down" },
] as const;

function MemberRow({ member, first, last }: { member: TeamMember; first: boolean; last: boolean }) {
  const description = member.description?.trim() || DEFAULT_MEMBER_DESCRIPTION;
  return (
    <RecordRow
      picture={{ image: member.photo, alt: member.name, round: true }}
      actions={
        <>
          {MOVES.map((move) => (
            <RowAction
              key={move.intent}
              intent={move.intent}
              id={member.id}
              label={`Move ${member.name} ${move.word}`}
              variant="small"
              disabled={move.intent === "move-up" ? first : last}
            >
              <span aria-hidden="true">{move.arrow}</span> {move.text}
            </RowAction>
          ))}
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
  const schema = intent === "create" ? teamMemberSchema : teamMemberEditSchema;
  const form = useRecordForm(schema, result, intent, member);
  const { errors, val, field } = form;
  return (
    <RecordFormShell form={form} titleId={titleId} multipart addLabel="Add Member" cancelTo={TAB}>
      {field("name", "Full Name", { required: true, maxLength: 200 })}
      {field("role", "Role", { required: true, maxLength: 200, placeholder: "e.g. Head Trainer" })}
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          maxLength={1000}
          hint={`Optional. Left empty, it reads: ${DEFAULT_MEMBER_DESCRIPTION}`}
          defaultValue={val("description", member?.description)}
          error={errors.description}
        />
      </div>
      <RecordImageField form={form} name="photo" label="Photo" current={member?.photo} alt={member?.name} wide />
    </RecordFormShell>
  );
}
