import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { getUser, signOut, type SignOutScope } from "~/auth/auth.server";
import { pathTo } from "~/pages/registry";
import { adminTranslator, inEnglish } from "~/i18n/admin/dictionary";
import { log } from "~/platform/log.server";
import { redirectWithToast } from "~/toast/toast.server";
import { readForm } from "~/platform/form-data.server";

/** Signing out changes state, so it only answers POST. */
export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

const SCOPES: readonly SignOutScope[] = ["local", "others", "global"];

/** Where the session controls are: the admin's account page. */
const ACCOUNT_PAGE = "/admin/account";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const raw = form.get("scope");
  const scope: SignOutScope = SCOPES.includes(raw as SignOutScope) ? (raw as SignOutScope) : "local";
  let userId: string | undefined;
  // The toasts show on the account page, in the dashboard's language.
  let t = inEnglish;
  try {
    const user = await getUser(request);
    if (!user) return redirect(pathTo("home"));
    userId = user.id;
    t = adminTranslator(user.adminLang);
    const headers = await signOut(request, scope);
    log.info("signed out", { userId, scope });
    if (scope === "others") {
      return redirectWithToast(ACCOUNT_PAGE, {
        type: "success",
        title: t("account.signedOutOthers"),
        description: t("account.signedOutOthersText"),
      });
    }
    return redirect(pathTo("home"), { headers });
  } catch (error) {
    log.error("sign-out failed", { userId, scope, error });
    // Sign Out in the header fails back to the (English) home page; the account page's buttons to it.
    if (scope === "local") t = inEnglish;
    return redirectWithToast(scope === "local" ? pathTo("home") : ACCOUNT_PAGE, {
      type: "error",
      title: t("account.signOutError"),
      description: t("account.signOutErrorText"),
    });
  }
}
