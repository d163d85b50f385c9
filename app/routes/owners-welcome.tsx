import { data, Form, Link } from "react-router";
import type { Route } from "./+types/owners-welcome";
import { acceptKeys, countAttempt } from "~/auth/auth-limits.server";
import { ownersHome } from "~/auth/auth.server";
import { PASSWORD_MIN } from "~/auth/password-rules";
import { SubmitButton } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useSubmitting } from "~/components/ui/use-submitting";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { stableNameFrom } from "~/models/site-settings";
import { acceptWithPassword, welcomePage, type NewPasswordErrors, type WelcomePage } from "~/owners/invitation.server";
import { welcomeSchema } from "~/owners/owner-forms";
import { pageTexts, PRIVATE, privateHeaders } from "~/owners/owner-page.server";
import { clientNetwork } from "~/platform/client-ip.server";
import { faultOf, FAULT_STATUS } from "~/platform/faults.server";
import { readForm } from "~/platform/form-data.server";
import { log } from "~/platform/log.server";
import { seo } from "~/seo/seo";
import { ShowToast } from "~/components/ui/toast";
import { toastMessage, type Toast } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";

/** The link from an invitation mail: it shows the form (GET changes nothing); the form sets the password. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await welcomePage(new URL(request.url).searchParams.get("token") ?? "");
  return data<WelcomePage>(page, { status: page.state === "bad" ? 404 : 200, headers: PRIVATE });
}

type Answer = { errors?: NewPasswordErrors; toast?: Toast; bad?: true };

export async function action({ request }: Route.ActionArgs) {
  const { lang, t } = pageTexts(request);
  const parsed = welcomeSchema.safeParse(Object.fromEntries(await readForm(request)));
  const answer = (body: Answer, status: number, headers: Record<string, string> = {}) =>
    data<Answer>(body, { status, headers: { ...PRIVATE, ...headers } });
  if (!parsed.success) return answer({ bad: true }, 400);
  const verdict = await countAttempt(acceptKeys(clientNetwork(request)));
  if (!verdict.allowed) {
    return answer({ toast: toastMessage("error", t("owners.errorTitle"), t("owners.rateLimited")) }, 429, {
      "Retry-After": String(verdict.retryAfterSeconds),
    });
  }
  try {
    const outcome = await acceptWithPassword(request, parsed.data, t, lang === "en");
    if (!outcome.ok) return answer({ errors: outcome.errors, bad: outcome.bad }, outcome.status);
    const welcome = translator(outcome.language);
    log.info("owner invitation accepted");
    return redirectWithToast(
      ownersHome(outcome.language),
      { type: "success", title: welcome("owners.welcomeDone"), description: welcome("owners.welcomeDoneText") },
      { headers: outcome.headers },
    );
  } catch (error) {
    log.error("accepting an invitation failed", { error });
    const fault = faultOf(error);
    return answer(
      { toast: toastMessage("error", t("owners.errorTitle"), t("owners.acceptFailed")) },
      fault ? FAULT_STATUS[fault.kind] : 500,
    );
  }
}

export const headers = privateHeaders;

export default function WelcomePageView({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData as WelcomePage;
  const answer = actionData as Answer | undefined;
  const t = useT();
  const lang = useLang();
  const busy = useSubmitting();
  const bad = page.state === "bad" || answer?.bad;
  const errors = answer?.errors;
  return (
    <section className="mx-auto w-full max-w-md px-4 py-16">
      <ShowToast toast={answer?.toast} />
      <div className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        {bad || page.state !== "ask" ? (
          <>
            <h1 className="mb-2 text-center font-serif text-3xl font-semibold text-brand-900">
              {t("owners.badLinkTitle")}
            </h1>
            <p role="alert" className="text-center text-stone-700">
              {t("owners.badLinkText")}
            </p>
          </>
        ) : (
          <>
            <h1 className="mb-2 text-center font-serif text-3xl font-semibold text-brand-900">
              {t("owners.welcomeTitle", { name: page.name })}
            </h1>
            <p className="mb-2 text-center text-stone-700">{t("owners.welcomeText", { email: page.email })}</p>
            <p className="mb-6 text-center text-sm text-stone-600">{t("owners.passwordHint", { min: PASSWORD_MIN })}</p>
            <Form method="post" className="space-y-4">
              <input type="hidden" name="token" value={page.token} />
              {/* Lets a password manager file the new password under the right account. */}
              <input type="hidden" name="username" autoComplete="username" value={page.email} />
              <NewPasswordFields
                minLength={PASSWORD_MIN}
                errors={{
                  password: errors?.password ? [errors.password] : undefined,
                  confirm: errors?.confirm ? [errors.confirm] : undefined,
                }}
                labels={{ password: t("owners.password"), confirm: t("owners.confirmPassword") }}
              />
              <SubmitButton busy={busy} busyLabel={t("owners.saving")} className="w-full">
                {t("owners.setPassword")}
              </SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-center">
          <Link to={pathTo("home", { lang })} className="text-sm text-brand-700 underline-offset-4 hover:underline">
            {t("notFound.home")}
          </Link>
        </p>
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("owners.welcomeMeta", { name: stableNameFrom(args.matches) }),
    description: t("owners.intro"),
    noindex: true,
  });
}
