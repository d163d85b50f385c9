import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/team";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError, TextAreaField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { SaveOrCancel, useSchemaCheck, useScrollIntoViewOnOpen } from "~/routes/admin/+shared/form-parts";
import { ImageUploadField } from "~/media/image-upload-field";
import { ResponsiveImage } from "~/media/responsive-image";
import { ShowToast } from "~/components/ui/toast";
import {
  createTeamMember,
  deleteTeamMember,
  listTeamMembers,
  moveTeamMember,
  updateTeamMember,
  type TeamMember,
} from "~/models/team-member.server";
import {
  deleteToTrash,
  ITEM_DELETED,
  failed,
  fetchFailed,
  invalid,
  type AdminActionData,
} from "~/routes/admin/+shared/admin-actions.server";
import { fieldErrors, teamMemberEditSchema, teamMemberSchema } from "~/routes/admin/+shared/admin-forms";
import { adminAction, saveWithImage } from "~/routes/admin/+shared/admin-upload.server";
import type { AdminForm, FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { DEFAULT_MEMBER_DESCRIPTION } from "~/models/team-member";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

const TAB = "/admin/team";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { members: await listTeamMembers(), fetchError: null as Toast | null };
  } catch (error) {
    return { members: [] as TeamMember[], fetchError: fetchFailed("Failed to fetch team members", error) };
  }
}

/** The spec's 'Failed to …' text of each form on this tab. */
const FAILED = {
  create: "Failed to add team member",
  update: "Failed to update team member",
  "move-up": "Failed to update team member position",
  "move-down": "Failed to update team member position",
  delete: "Failed to delete team member",
  other: "Failed to update team member",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, {
    create: (form) => saveMember(form, "create"),
    update: (form) => saveMember(form, "update"),
    "move-up": (form) => moveMember(form, "move-up"),
    "move-down": (form) => moveMember(form, "move-down"),
    delete: removeMember,
  });
}

async function saveMember(form: AdminForm, intent: "create" | "update") {
  const { values } = form;
  const parsed = (intent === "create" ? teamMemberSchema : teamMemberEditSchema).safeParse(values);
  if (!parsed.success) return invalid(intent, values, fieldErrors(parsed.error));
  const { name, role, description } = parsed.data;
  const { answer } = await saveWithImage(
    form,
    { field: "photo", bucket: "team-photos", failure: FAILED[intent] },
    (photo): Promise<object | null> => {
      const record = { name, role, description, photo };
      return intent === "create" ? createTeamMember(record) : updateTeamMember(values.id ?? "", record);
    },
  );
  if (answer) return answer;
  return intent === "create"
    ? redirectWithToast(TAB, {
        type: "success",
        title: "Team Member Added",
        description: `${name} has been added to the team.`,
      })
    : redirectWithToast(TAB, {
        type: "success",
        title: "Team Member Updated",
        description: `${name} has been updated successfully.`,
      });
}

async function moveMember({ values }: AdminForm, intent: "move-up" | "move-down") {
  try {
    const moved = await moveTeamMember(values.id ?? "", intent === "move-up" ? "up" : "down");
    if (!moved) return failed(intent, values, FAILED[intent], undefined, 404);
  } catch (error) {
    return failed(intent, values, FAILED[intent], error);
  }
  return redirectWithToast(TAB, {
    type: "success",
    title: "Order Updated",
    description: "Team member position has been updated.",
  });
}

async function removeMember(form: AdminForm) {
  return deleteToTrash(form, FAILED.delete, deleteTeamMember, {
    tab: TAB,
    ...ITEM_DELETED,
  });
}

export default function TeamTab({ loaderData, actionData }: Route.ComponentProps) {
  const { members, fetchError } = loaderData;
  const [params] = useSearchParams();
  const editId = params.get("edit");
  const editing = editId ? members.find((m) => m.id === editId) : undefined;
  const result = actionData as AdminActionData | undefined;

  return (
    <div className="space-y-8">
      <ShowToast toast={fetchError} />
      <ShowToast toast={result?.toast} />
      <Card title="Add Team Member" titleId="add-member">
        <MemberForm
          key={members.map((m) => m.id).join(",")}
          intent="create"
          titleId="add-member"
          result={result?.intent === "create" ? result : undefined}
        />
      </Card>
      {editing ? (
        <EditMember
          key={editing.id}
          member={editing}
          result={result?.intent === "update" && result.id === editing.id ? result : undefined}
        />
      ) : null}
      <Card title="Team Members" titleId="team-members">
        {fetchError ? (
          <FormError message="Failed to fetch team members" />
        ) : members.length === 0 ? (
          <p className="text-stone-600">No team members yet. Add the first one above.</p>
        ) : (
          <ol className="divide-y divide-stone-200">
            {members.map((member, i) => (
              <MemberRow key={member.id} member={member} first={i === 0} last={i === members.length - 1} />
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

function MemberRow({ member, first, last }: { member: TeamMember; first: boolean; last: boolean }) {
  const deleting = useSubmitting("delete", member.id);
  const movingUp = useSubmitting("move-up", member.id);
  const movingDown = useSubmitting("move-down", member.id);
  const description = member.description?.trim() || DEFAULT_MEMBER_DESCRIPTION;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <ResponsiveImage
        image={member.photo}
        alt={member.name}
        sizes="64px"
        fallback="/placeholder.svg"
        className="h-16 w-16 shrink-0 rounded-full object-cover"
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-base font-semibold text-stone-900">{member.name}</p>
        <p className="text-brand-700">{member.role}</p>
        <p className="truncate text-stone-600" title={description}>
          {description}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="move-up" />
          <input type="hidden" name="id" value={member.id} />
          <button
            type="submit"
            className={buttonClass.small}
            disabled={first || movingUp}
            aria-label={`Move ${member.name} up`}
          >
            <span aria-hidden="true">↑</span> Up
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="move-down" />
          <input type="hidden" name="id" value={member.id} />
          <button
            type="submit"
            className={buttonClass.small}
            disabled={last || movingDown}
            aria-label={`Move ${member.name} down`}
          >
            <span aria-hidden="true">↓</span> Down
          </button>
        </Form>
        <Link
          to={`?edit=${member.id}`}
          preventScrollReset
          className={buttonClass.small}
          aria-label={`Edit ${member.name}`}
        >
          Edit
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={member.id} />
          <button type="submit" className={buttonClass.danger} disabled={deleting} aria-label={`Delete ${member.name}`}>
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </Form>
      </div>
    </li>
  );
}

function EditMember({ member, result }: { member: TeamMember; result: AdminActionData | undefined }) {
  const ref = useScrollIntoViewOnOpen(member.id);
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card
        title={`Edit Team Member: ${member.name}`}
        titleId="edit-member"
        className="border-gold-400 ring-1 ring-gold-300"
      >
        <MemberForm intent="update" titleId="edit-member" member={member} result={result} />
      </Card>
    </div>
  );
}

function MemberForm({
  intent,
  titleId,
  member,
  result,
}: {
  intent: "create" | "update";
  titleId: string;
  member?: TeamMember;
  result: AdminActionData | undefined;
}) {
  const { errors, onSubmit } = useSchemaCheck(
    intent === "create" ? teamMemberSchema : teamMemberEditSchema,
    result?.errors,
  );
  const submitting = useSubmitting(intent, member?.id);
  const v = result?.values;
  const val = (name: string, fallback: string | null | undefined) => v?.[name] ?? fallback ?? "";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={intent} />
      {member ? <input type="hidden" name="id" value={member.id} /> : null}
      <Field
        label="Full Name"
        name="name"
        required
        maxLength={200}
        defaultValue={val("name", member?.name)}
        error={errors.name}
      />
      <Field
        label="Role"
        name="role"
        required
        maxLength={200}
        placeholder="e.g. Head Trainer"
        defaultValue={val("role", member?.role)}
        error={errors.role}
      />
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
      <div className="sm:col-span-2">
        <ImageUploadField
          key={errors.photo ?? ""}
          label="Photo"
          name="photo"
          currentImage={member?.photo}
          currentAlt={member?.name}
          error={errors.photo}
        />
      </div>
      <SaveOrCancel
        submitting={submitting}
        cancelTo={TAB}
        addLabel={intent === "create" ? "Add Member" : undefined}
        className="flex gap-2 sm:col-span-2"
      />
    </Form>
  );
}
