/**
 * For the admin tabs' tests (app/routes/admin/<tab>.test.ts): a tab's loader or action run against a
 * real database, signed in as an administrator, and read as the browser would get it.
 */
import { sql } from "kysely";
import { beforeEach, expect } from "vitest";
import { db } from "~/platform/db.server";
import type { AdminActionData } from "~/routes/admin/+shared/admin-action.server";
import { answerOf, type ActionAnswer } from "./action-answers";
import { buildRequest, signedInUser, type TestUser } from "./auth";
import { plainJpeg } from "./images";

/** What React Router hands a loader or action. */
export type Args = { request: Request; params: Record<string, string>; context: unknown };
/** A route module's loader or action. */
export type Handler = (args: never) => unknown;
export type Outcome = ActionAnswer<AdminActionData>;

/**
 * Signs a new administrator in before each test. `run` sends a loader or action that
 * administrator's request; `signIn` sends the next ones as someone else.
 */
export function useAdmin() {
  let cookie = "";
  let user: TestUser = { id: "", email: "", password: "" };
  beforeEach(async () => {
    const signedIn = await signedInUser({ admin: true });
    cookie = signedIn.cookie;
    user = signedIn.user;
  });
  /** Runs a loader or action and reads what the browser would get: status, redirect, toast and data. */
  const run = (handler: Handler, path: string, form?: Record<string, string> | FormData): Promise<Outcome> => {
    const request = buildRequest(path, { cookie, form });
    return answerOf(() => (handler as (args: Args) => unknown)({ request, params: {}, context: {} }));
  };
  /**
   * Checks an action's failures: each `form` is answered with `status` (500: the database failed)
   * and the spec's error toast.
   */
  const failureCheck =
    (handler: Handler, path: string) =>
    async (form: Record<string, string>, description: string, status = 500) => {
      expect(await run(handler, path, form)).toMatchObject({ status, toast: failure(description) });
    };
  return {
    run,
    failureCheck,
    /** The administrator's Cookie header. */
    get cookie() {
      return cookie;
    },
    get user() {
      return user;
    },
    /** Sends the next requests with another Cookie header (another account). */
    signIn(other: string) {
      cookie = other;
    },
  };
}

export const success = (title: string, description?: string | RegExp) =>
  expect.objectContaining({
    type: "success",
    title,
    ...(description
      ? { description: typeof description === "string" ? description : expect.stringMatching(description) }
      : {}),
  });

/** The tab opened at the record saved: highlighted and scrolled to (item-links.ts). */
export const savedAt = (tab: string, id: string) => `${tab}?saved=${id}#item-${id}`;

export const failure = (description: string) => expect.objectContaining({ type: "error", title: "Error", description });

/** Makes every statement on a table fail, as a broken database would. */
export async function breakTable(table: string) {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_gone`)}`.execute(db());
}

/** The Horses tab's add form, as the page sends it. */
export const horseForm = {
  intent: "create",
  name: "Nordlys",
  age: "4",
  color: "Brown",
  sire: "Sea The Stars",
  dam: "Frøken Fryd",
  owner: "",
};
export const horseValues = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

/** A form with a photo, as the page's multipart form sends it. */
export async function withPhoto(fields: Record<string, string>, jpeg?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const bytes = jpeg ?? (await plainJpeg(800, 600));
  form.append("image", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
  return form;
}
