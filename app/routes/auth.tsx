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
import { newPasswordShapeErrors, PASSWORD_MIN } from "~/auth/password-rules";
import { weakPasswordError } from "~/auth/password-rules.server";
import { EMAIL_MAX } from "~/utils/email";
import { isMessageKey, translator, type MessageKey, type Translate } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { safeRedirect } from "~/auth/safe-redirect";
import { toastMessage } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";
import { readForm } from "~/platform/form-data.server";

type Mode = "sign-in" | "forgot" | "reset";

/** The page's language, from its address (/auth or /da/auth), with its texts and its own address. */
function pageOf(request: Request) {
  const lang = langFromPath(new URL(request.url).pathname);
  return { lang, t: translator(lang), self: pathTo("auth", { lang }) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = pageOf(request);
  const user = await getUser(request).catch(() => null);
  if (user) throw redirect(user.owner ? ownersHome(user.owner.language) : pathTo("home", { lang }));
  const modeParam = url.searchParams.get("mode");
  const mode: Mode = modeParam === "reset" ? "reset" : modeParam === "forgot" ? "forgot" : "sign-in";
  const token = url.searchParams.get("token") ?? "";
  const tokenValid = mode === "reset" && token ? await isResetTokenValid(token) : false;
  return { mode, token, tokenValid, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "") };
}

/** The forms' messages are keys of the page's texts (English: the spec's and the sign-in library's words). */
export const signInSchema = z.object({
  email: z.string().trim().min(1, "auth.missingCredentials").max(EMAIL_MAX, "contact.emailTooLong"),
  password: z.string().min(1, "auth.missingCredentials"),
  redirectTo: z.string().optional(),
});

export const resetRequestSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX, "contact.emailTooLong").toLowerCase().pipe(z.email("auth.emailInvalid")),
});

export const newPasswordSchema = z.object({
  token: z.string().min(1, "auth.linkInvalid"),
  password: z.string(),
  confirm: z.string(),
});

/** A schema's first message in the page's language. */
function firstMessage(error: z.ZodError, t: Translate, fallback: MessageKey) {
  const message = error.issues[0]?.message ?? fallback;
  return t(isMessageKey(message) ? message : fallback);
}

/** '5 minutes', '1 minut': how long to wait, in the page's language. */
function minutesText(retryAfterSeconds: number, t: Translate) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1 ? t("auth.minute") : t("auth.minutes", { count: minutes });
}

function tooMany(title: string, text: string, retryAfterSeconds: number) {
  return data(
    { toast: toastMessage("error", title, text), errors: null },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { lang, t, self } = pageOf(request);
  const english = lang === "en";
  const form = await readForm(request);
  const intent = form.get("intent");
  // Limits count the client's network (an IPv6 /64 is one client); the log keeps the address.
  const network = clientNetwork(request);
  const ip = clientIp(request);

  if (intent === "request-reset") {
    const resetError = t("auth.resetError");
    const parsed = resetRequestSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const message = firstMessage(parsed.error, t, "auth.emailInvalid");
      return data({ toast: toastMessage("error", resetError, message), errors: null }, { status: 400 });
    }
    const { email } = parsed.data;
    const verdict = await countAttempt(resetKeys(email, network));
    if (!verdict.allowed) {
      const wait = minutesText(verdict.retryAfterSeconds, t);
      return tooMany(resetError, t("auth.tooManyResets", { minutes: wait }), verdict.retryAfterSeconds);
    }
    try {
      await requestPasswordReset(email, publicOrigin(request));
    } catch (error) {
      // The database, not the mail server: the request is only queued, for known and unknown addresses alike.
      log.error("password reset request failed", { error });
      return data(
        { toast: toastMessage("error", resetError, t("auth.resetUnavailable")), errors: null },
        { status: 503 },
      );
    }
    // The same answer whether or not the address has an account.
    return redirectWithToast(self, {
      type: "success",
      title: t("auth.checkEmail"),
      description: t("auth.checkEmailText"),
    });
  }

  if (intent === "reset-password") {
    const resetError = t("auth.resetError");
    const parsed = newPasswordSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const message = firstMessage(parsed.error, t, "auth.linkInvalid");
      return data({ toast: toastMessage("error", resetError, message), errors: null }, { status: 400 });
    }
    const { token, password, confirm } = parsed.data;
    // The length and the confirmation first, then the link: nobody without one makes the server
    // estimate a password's strength.
    const shape = newPasswordShapeErrors(password, confirm, t);
    const email = shape ? null : await resetTokenEmail(token);
    const problems = shape ?? (email ? await weakPasswordError(password, { email, t, english }) : null);
    if (problems) {
      const message = problems.password ?? problems.confirm!;
      const errors = Object.fromEntries(Object.entries(problems).map(([field, text]) => [field, [text]]));
      return data({ toast: toastMessage("error", resetError, message), errors }, { status: 400 });
    }
    const result = await resetPassword(request, token, password);
    if (!result.ok) {
      const message = english ? result.message : t("auth.resetFailed");
      return data({ toast: toastMessage("error", resetError, message), errors: null }, { status: 400 });
    }
    return redirectWithToast(self, {
      type: "success",
      title: t("auth.updated"),
      description: t("auth.updatedText"),
    });
  }

  const signInError = t("auth.signInError");
  const parsed = signInSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = firstMessage(parsed.error, t, "auth.missingCredentials");
    return data({ toast: toastMessage("error", signInError, message), errors: null }, { status: 400 });
  }
  const email = parsed.data.email.toLowerCase();
  const knownDevice = isKnownDevice(request.headers.get("Cookie"), email);
  const verdict = await countAttempt(signInKeys(email, network, { knownDevice }));
  if (!verdict.allowed) {
    const wait = minutesText(verdict.retryAfterSeconds, t);
    return tooMany(signInError, t("auth.tooManySignIns", { minutes: wait }), verdict.retryAfterSeconds);
  }
  const result = await signIn(request, email, parsed.data.password, { trusted: knownDevice });
  if (!result.ok) {
    log.warn("sign-in failed", { ip, status: result.status });
    // English shows the sign-in library's own words (the spec's "server message"); Danish its own.
    const message = english ? result.message : t(result.status === 503 ? "auth.busy" : "auth.wrongCredentials");
    return data(
      { toast: toastMessage("error", signInError, message), errors: null },
      {
        status: result.status,
        headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  await forgetSignInAttempts(email, network);
  log.info("signed in", { userId: result.userId, ip });
  result.headers.append("Set-Cookie", knownDeviceCookie(email));
  // Administrators go home, as the spec says (the Danish page: the Danish home); owners and guests
  // to My Horses in their language.
  const landing = await landingAfterSignIn(result.userId);
  const home = landing === pathTo("home") ? pathTo("home", { lang }) : landing;
  throw redirect(safeRedirect(parsed.data.redirectTo, home), { headers: result.headers });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, token, tokenValid, redirectTo } = loaderData;
  const t = useT();
  const lang = useLang();
  return (
    <AuthCard title={t("auth.title")} home={{ to: pathTo("home", { lang }), label: t("auth.backHome") }}>
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

const linkClass = "text-sm text-brand-700 underline-offset-4 hover:underline";

/** This page's address in its language, with a query. */
function useSelf() {
  return pathTo("auth", { lang: useLang() });
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const busy = useSubmitting("sign-in");
  const t = useT();
  const self = useSelf();
  return (
    <>
      <p className="mb-6 text-center text-stone-600">{t("auth.intro")}</p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="sign-in" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label={t("auth.email")} name="email" type="email" autoComplete="username" required />
        <Field label={t("auth.password")} name="password" type="password" autoComplete="current-password" required />
        <SubmitButton busy={busy} busyLabel={t("auth.signingIn")} className="w-full">
          {t("auth.signIn")}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to={`${self}?mode=forgot`} className={linkClass}>
          {t("auth.forgot")}
        </Link>
      </p>
    </>
  );
}

function ForgotForm() {
  const busy = useSubmitting("request-reset");
  const t = useT();
  const self = useSelf();
  return (
    <>
      <h2 className="mb-2 text-center text-lg font-bold">{t("auth.forgot")}</h2>
      <p className="mb-6 text-center text-stone-600">{t("auth.forgotIntro")}</p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="request-reset" />
        <Field label={t("auth.email")} name="email" type="email" autoComplete="username" required />
        <SubmitButton busy={busy} busyLabel={t("auth.sending")} className="w-full">
          {t("auth.sendLink")}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to={self} className={linkClass}>
          {t("auth.backToSignIn")}
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
  const t = useT();
  const self = useSelf();
  if (!valid) {
    return (
      <div className="text-center">
        <h2 className="mb-2 text-lg font-bold">{t("auth.resetTitle")}</h2>
        <p role="alert" className="mb-4 text-stone-700">
          {t("auth.linkExpired")}
        </p>
        <Link to={`${self}?mode=forgot`} className={linkClass}>
          {t("auth.newLink")}
        </Link>
      </div>
    );
  }
  return (
    <>
      <h2 className="mb-2 text-center text-lg font-bold">{t("auth.chooseNew")}</h2>
      <p className="mb-6 text-center text-stone-600">{t("auth.chooseNewText", { min: PASSWORD_MIN })}</p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="reset-password" />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          minLength={PASSWORD_MIN}
          errors={errors}
          labels={{ password: t("auth.newPassword"), confirm: t("auth.confirmNew") }}
        />
        <SubmitButton busy={busy} busyLabel={t("auth.updating")} className="w-full">
          {t("auth.update")}
        </SubmitButton>
      </Form>
    </>
  );
}

export function meta({ location }: Route.MetaArgs) {
  const t = translator(langFromPath(location.pathname));
  return [{ title: t("auth.title") }, { name: "robots", content: "noindex" }];
}
