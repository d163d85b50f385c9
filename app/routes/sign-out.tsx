import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { getUser, signOut, type SignOutScope } from "~/auth/auth.server";
import { log } from "~/platform/log.server";
import { redirectWithToast } from "~/toast/toast.server";
import { readForm } from "~/platform/form-data.server";

/** Signing out changes state, so it only answers POST. */
export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

const SCOPES: readonly SignOutScope[] = ["local", "others", "global"];

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const raw = form.get("scope");
  const scope: SignOutScope = SCOPES.includes(raw as SignOutScope) ? (raw as SignOutScope) : "local";
  let userId: string | undefined;
  try {
    const user = await getUser(request);
    if (!user) return redirect("/");
    userId = user.id;
    const headers = await signOut(request, scope);
    log.info("signed out", { userId, scope });
    if (scope === "others") {
      return redirectWithToast("/admin", {
        type: "success",
        title: "Signed out other devices",
        description: "Every other session has ended; this one stays signed in.",
      });
    }
    return redirect("/", { headers });
  } catch (error) {
    log.error("sign-out failed", { userId, scope, error });
    return redirectWithToast(scope === "local" ? "/" : "/admin", {
      type: "error",
      title: "Sign Out Error",
      description: "You could not be signed out. Please try again.",
    });
  }
}
