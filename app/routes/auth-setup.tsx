import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth-setup";
import { AuthCard } from "~/auth/auth-form";
import { SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useSubmitting } from "~/components/ui/use-submitting";
import { ShowToast } from "~/components/ui/toast";
import { createOrPromoteAdmin, findUserByEmail, OWNER_ADDRESS_TEXT } from "~/auth/accounts.server";
import { isOwnerAccount } from "~/models/owner-account.server";
import { hasAnyAdmin } from "~/models/user-role.server";
import { consumeSetupToken, isSetupTokenUsable } from "~/auth/admin-setup.server";
import { signIn } from "~/auth/auth.server";
import { log } from "~/platform/log.server";
import { checkNewPassword, newPasswordFields, PASSWORD_MIN } from "~/auth/password-rules";
import { toastMessage } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";
import { readForm } from "~/platform/form-data.server";
import { newPasswordProblem } from "~/auth/password-rules.server";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isSetupTokenUsable(token) };
}

export const setupSchema = z
  .object({
    token: z.string(),
    email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
    ...newPasswordFields,
  })
  .superRefine((value, ctx) => checkNewPassword(ctx, value));

const INVALID_LINK = "This setup link is invalid, expired or already used.";

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const token = typeof form.token === "string" ? form.token : "";
  // The link is the authorization: checked before anything else, and again when it is used up.
  if (!(await isSetupTokenUsable(token))) {
    return data({ toast: toastMessage("error", "Setup Error", INVALID_LINK), errors: null }, { status: 403 });
  }
  const parsed = setupSchema.safeParse(form);
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return data(
      {
        toast: toastMessage("error", "Setup Error", parsed.error.issues[0]?.message ?? "Please check the form."),
        errors,
      },
      { status: 400 },
    );
  }
  const { email, password } = parsed.data;
  const weak = await newPasswordProblem(password, { email });
  if (weak) {
    return data(
      { toast: toastMessage("error", "Setup Error", weak), errors: { password: [weak] } as Record<string, string[]> },
      { status: 400 },
    );
  }
  const existing = await findUserByEmail(email);
  if (existing && (await isOwnerAccount(existing.id))) {
    const taken = OWNER_ADDRESS_TEXT;
    return data(
      { toast: toastMessage("error", "Setup Error", taken), errors: { email: [taken] } as Record<string, string[]> },
      { status: 400 },
    );
  }
  if ((await hasAnyAdmin()) || !(await consumeSetupToken(token))) {
    return data({ toast: toastMessage("error", "Setup Error", INVALID_LINK), errors: null }, { status: 403 });
  }
  const { user } = await createOrPromoteAdmin({ email, password });
  log.info("first administrator created through the setup link", { userId: user.id });
  const result = await signIn(request, email, password, { trusted: true });
  const headers = result.ok ? result.headers : undefined;
  return redirectWithToast(
    "/admin",
    { type: "success", title: "Administrator created", description: `Signed in as ${email}.` },
    { headers },
  );
}

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const errors = actionData?.errors ?? null;
  return (
    <AuthCard title="Create the administrator">
      <ShowToast toast={actionData?.toast} />
      {loaderData.usable ? (
        <>
          <p className="mb-6 text-center text-stone-600">
            Choose the e-mail address and password the stable's administrator signs in with. This link works once.
          </p>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              required
              error={errors?.email?.[0]}
            />
            <NewPasswordFields minLength={PASSWORD_MIN} errors={errors} />
            <SubmitButton busy={busy} busyLabel="Creating..." className="w-full">
              Create Administrator
            </SubmitButton>
          </Form>
        </>
      ) : (
        <p role="alert" className="text-center text-stone-700">
          {INVALID_LINK} Restart the site to print a new link while no administrator exists, or use{" "}
          <code>npm run admin -- create</code>.
        </p>
      )}
    </AuthCard>
  );
}

export function meta() {
  return [{ title: "Create the administrator" }, { name: "robots", content: "noindex" }];
}
