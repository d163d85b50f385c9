import type { Toast } from "~/toast/toast";
import { getToast } from "~/toast/toast.server";

/** What a loader or action answered, as the browser would get it: status, redirect, toast and data. */
export type ActionAnswer<Data> = { status: number; location: string | null; toast: Toast | null; data: Data | null };

/**
 * Runs a loader or action and reads its answer: a Response (returned or thrown: a redirect, with
 * the toast its cookie carries) or data (`data(…, init)` or a plain value, with its toast if any).
 */
export async function answerOf<Data = unknown>(call: () => unknown): Promise<ActionAnswer<Data>> {
  let outcome: unknown;
  try {
    outcome = await call();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const setCookie = outcome.headers.get("Set-Cookie");
    const toast = setCookie
      ? (await getToast(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }))).toast
      : null;
    return { status: outcome.status, location: outcome.headers.get("Location"), toast, data: null };
  }
  const wrapped = outcome && typeof outcome === "object" && "init" in outcome && "data" in outcome;
  const data = (wrapped ? (outcome as { data: unknown }).data : outcome) as Data | null;
  const status = wrapped ? ((outcome as { init?: ResponseInit | null }).init?.status ?? 200) : 200;
  const toast =
    data && typeof data === "object" && "toast" in data ? ((data as { toast?: Toast | null }).toast ?? null) : null;
  return { status, location: null, toast, data };
}

/** A GET of `path` (with its query) answered by a route's loader, read as answerOf reads it. */
export function loaderAnswerAt<Data = unknown>(loader: (args: never) => unknown, path: string) {
  return answerOf<Data>(() =>
    loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as never),
  );
}
