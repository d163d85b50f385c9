import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { getSecret } from "~/platform/secrets.server";
import { toastMessage, type Toast } from "./toast";

/** What one response leaves for the next page: a toast, or a form's answer shown beside the form (`form`). */
type ToastSession = { toast: Toast; form: unknown };

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

/**
 * Reads (and clears) what a previous response left for this one: a toast, and the answer of a form
 * that came back to this page (unknown: its reader checks its shape).
 */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; form: unknown; headers: Headers | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("stable_toast=")) return { toast: null, form: null, headers: null };
  const session = await toastStorage().getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  const form = session.get("form") ?? null;
  const headers = new Headers({ "Set-Cookie": await toastStorage().destroySession(session) });
  return { toast, form, headers };
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

/**
 * Sends the browser back to `url` (303 See Other), the page showing `answer` beside the form that
 * was sent from it (the footer's Subscribe form), with or without JavaScript.
 */
export async function redirectWithFormAnswer(url: string, answer: unknown) {
  const session = await toastStorage().getSession();
  session.flash("form", answer);
  return redirect(url, { status: 303, headers: { "Set-Cookie": await toastStorage().commitSession(session) } });
}
