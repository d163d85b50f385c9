import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth";
import { AuthCard } from "~/auth/auth-form";
import { SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useSubmitting } from "~/components/ui/use-submitting";
import { ShowToast } from "~/components/ui/toast";
import {
  countAttempt,
  forgetSignInAttempts,
  isKnownDevice,
  knownDeviceCookie,
  resetKeys,
  signInKeys,
  waitMessage,
} from "~/auth/auth-limits.server";
import {
  getUser,
  isResetTokenValid,
  landingAfterSignIn,
  ownersHome,
  resetPassword,
  signIn,
  resetTokenEmail,
} from "~/auth/auth.server";
import { clientIp, clientNetwork } from "~/platform/client-ip.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { checkNewPassword, newPasswordFields, PASSWORD_MIN } from "~/auth/password-rules";
import { newPasswordProblem } from "~/auth/password-rules.server";
import { EMAIL_MAX, EMAIL_TOO_LONG } from "~/utils/email";
import { safeRedirect } from "~/auth/safe-redirect";
import { toastMessage } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";
import { readForm } from "~/platform/form-data.server";

type Mode = "sign-in" | "forgot" | "reset";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getUser(request).catch(() => null);
  if (user) throw redirect(user.owner ? ownersHome(user.owner.language) : "/");
  const modeParam = url.searchParams.get("mode");
  const mode: Mode = modeParam === "reset" ? "reset" : modeParam === "forgot" ? "forgot" : "sign-in";
  const token = url.searchParams.get("token") ?? "";
  const tokenValid = mode === "reset" && token ? await isResetTokenValid(token) : false;
  return { mode, token, tokenValid, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "") };
}

const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";

export const signInSchema = z.object({
  email: z.string().trim().min(1, MISSING_CREDENTIALS).max(EMAIL_MAX, EMAIL_TOO_LONG),
  password: z.string().min(1, MISSING_CREDENTIALS),
  redirectTo: z.string().optional(),
});

export const resetRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, EMAIL_TOO_LONG)
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address.")),
});

export const newPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is invalid or has expired. Please request a new one."),
    ...newPasswordFields,
  })
  .superRefine((value, ctx) => checkNewPassword(ctx, value));

function tooMany(title: string, what: string, retryAfterSeconds: number) {
  return data(
    { toast: toastMessage("error", title, waitMessage(what, retryAfterSeconds)), errors: null },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  // Limits count the client's network (an IPv6 /64 is one client); the log keeps the address.
  const network = clientNetwork(request);
  const ip = clientIp(request);

  if (intent === "request-reset") {
    const parsed = resetRequestSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please enter a valid email address.";
      return data({ toast: toastMessage("error", "Reset Password Error", message), errors: null }, { status: 400 });
    }
    const { email } = parsed.data;
    const verdict = await countAttempt(resetKeys(email, network));
    if (!verdict.allowed) return tooMany("Reset Password Error", "reset requests", verdict.retryAfterSeconds);
    try {
      await requestPasswordReset(email, publicOrigin(request));
    } catch (error) {
      // The database, not the mail server: the request is only queued, for known and unknown addresses alike.
      log.error("password reset request failed", { error });
      return data(
        {
          toast: toastMessage(
            "error",
            "Reset Password Error",
            "The reset e-mail could not be sent. Please try again later.",
          ),
          errors: null,
        },
        { status: 503 },
      );
    }
    // The same answer whether or not the address has an account.
    return redirectWithToast("/auth", {
      type: "success",
      title: "Check your email",
      description: "We've sent you a password reset link.",
    });
  }

  if (intent === "reset-password") {
    const parsed = newPasswordSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors;
      const message = parsed.error.issues[0]?.message ?? "Please check the new password.";
      return data({ toast: toastMessage("error", "Reset Password Error", message), errors }, { status: 400 });
    }
    // The link first: nobody without one makes the server estimate a password's strength.
    const email = await resetTokenEmail(parsed.data.token);
    const weak = email ? await newPasswordProblem(parsed.data.password, { email }) : null;
    if (weak) {
      return data(
        { toast: toastMessage("error", "Reset Password Error", weak), errors: { password: [weak] } },
        { status: 400 },
      );
    }
    const result = await resetPassword(request, parsed.data.token, parsed.data.password);
    if (!result.ok) {
      return data(
        { toast: toastMessage("error", "Reset Password Error", result.message), errors: null },
        { status: 400 },
      );
    }
    return redirectWithToast("/auth", {
      type: "success",
      title: "Password updated",
      description:
        "Your password has been changed and every session has been signed out. Please sign in with the new password.",
    });
  }

  const parsed = signInSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MISSING_CREDENTIALS;
    return data({ toast: toastMessage("error", "Sign In Error", message), errors: null }, { status: 400 });
  }
  const email = parsed.data.email.toLowerCase();
  const knownDevice = isKnownDevice(request.headers.get("Cookie"), email);
  const verdict = await countAttempt(signInKeys(email, network, { knownDevice }));
  if (!verdict.allowed) return tooMany("Sign In Error", "sign-in attempts", verdict.retryAfterSeconds);
  const result = await signIn(request, email, parsed.data.password, { trusted: knownDevice });
  if (!result.ok) {
    log.warn("sign-in failed", { ip, status: result.status });
    return data(
      { toast: toastMessage("error", "Sign In Error", result.message), errors: null },
      {
        status: result.status,
        headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  await forgetSignInAttempts(email, network);
  log.info("signed in", { userId: result.userId, ip });
  result.headers.append("Set-Cookie", knownDeviceCookie(email));
  // Administrators go home, as the spec says; owners and guests to My Horses in their language.
  const landing = await landingAfterSignIn(result.userId);
  throw redirect(safeRedirect(parsed.data.redirectTo, landing), { headers: result.headers });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, token, tokenValid, redirectTo } = loaderData;
  return (
    <AuthCard title="Admin Access">
      <ShowToast toast={actionData?.toast} />
      {mode === "forgot" ? (
        <ForgotForm />
      ) : mode === "reset" ? (
        <ResetForm token={token} valid={tokenValid} errors={actionData?.errors ?? null} />
      ) : (
        <SignInForm redirectTo={redirectTo} />
      )}
    </AuthCard>
  );
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const busy = useSubmitting("sign-in");
  return (
    <>
      <p className="mb-6 text-center text-stone-600">Sign in to manage the stable's website.</p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="sign-in" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <SubmitButton busy={busy} busyLabel="Signing In..." className="w-full">
          Sign In
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to="/auth?mode=forgot" className="text-sm text-brand-700 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
    </>
  );
}

function ForgotForm() {
  const busy = useSubmitting("request-reset");
  return (
    <>
      <h2 className="mb-2 text-center text-lg font-bold">Forgot password?</h2>
      <p className="mb-6 text-center text-stone-600">
        Enter your e-mail address and we'll send you a link to choose a new password.
      </p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="request-reset" />
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <SubmitButton busy={busy} busyLabel="Sending..." className="w-full">
          Send Reset Link
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to="/auth" className="text-sm text-brand-700 underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </>
  );
}

function ResetForm({
  token,
  valid,
  errors,
}: {
  token: string;
  valid: boolean;
  errors: Record<string, string[] | undefined> | null;
}) {
  const busy = useSubmitting("reset-password");
  if (!valid) {
    return (
      <div className="text-center">
        <h2 className="mb-2 text-lg font-bold">Reset Password</h2>
        <p role="alert" className="mb-4 text-stone-700">
          This reset link is invalid or has expired. Reset links work once, for one hour.
        </p>
        <Link to="/auth?mode=forgot" className="text-sm text-brand-700 underline-offset-4 hover:underline">
          Request a new link
        </Link>
      </div>
    );
  }
  return (
    <>
      <h2 className="mb-2 text-center text-lg font-bold">Choose a new password</h2>
      <p className="mb-6 text-center text-stone-600">
        At least {PASSWORD_MIN} characters. Saving it signs out every session.
      </p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="reset-password" />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          minLength={PASSWORD_MIN}
          errors={errors}
          labels={{ password: "New password", confirm: "Confirm new password" }}
        />
        <SubmitButton busy={busy} busyLabel="Updating..." className="w-full">
          Update Password
        </SubmitButton>
      </Form>
    </>
  );
}

export function meta() {
  return [{ title: "Admin Access" }, { name: "robots", content: "noindex" }];
}
