import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { getSecret } from "~/platform/secrets.server";
import { toastMessage, type Toast } from "./toast";

type ToastSession = { toast: Toast };

let storage: SessionStorage<ToastSession, ToastSession> | undefined;

function toastStorage() {
  return (storage ??= createCookieSessionStorage<ToastSession, ToastSession>({
    cookie: {
      name: "stable_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      // Marked Secure by the server for requests that came over HTTPS (server/request-handler.ts).
      secure: false,
      secrets: [getSecret("SESSION_SECRET")],
    },
  }));
}

/** Reads (and clears) the toast a previous response left for this one. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("stable_toast=")) return { toast: null, headers: null };
  const session = await toastStorage().getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  const headers = new Headers({ "Set-Cookie": await toastStorage().destroySession(session) });
  return { toast, headers };
}

export async function toastCookie(toast: Omit<Toast, "id">) {
  const session = await toastStorage().getSession();
  session.flash("toast", toastMessage(toast.type, toast.title, toast.description, toast));
  return toastStorage().commitSession(session);
}

/** Redirects and shows a toast on the page that follows, with or without JavaScript. */
export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}
