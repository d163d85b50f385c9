import { describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { getUser } from "~/auth/auth.server";
import { db } from "~/platform/db.server";
import { getToast } from "~/toast/toast.server";
import { action } from "./sign-out";

useFreshDatabase();

async function signOutAs(cookie: string, scope: string) {
  try {
    return (await action({
      request: buildRequest("/sign-out", { cookie, form: { scope } }),
      params: {},
      context: {},
    } as Parameters<typeof action>[0])) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("stable_toast="))!
    .split(";")[0]!;
  return (await getToast(buildRequest("/", { cookie }))).toast;
}

describe("sign-out", () => {
  it("ends this session, clears the cookie and goes home", async () => {
    const { cookie } = await signedInUser({ admin: true });
    const res = await signOutAs(cookie, "local");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(
      res.headers
        .getSetCookie()
        .some((c) => c.startsWith("stable.session_token=;") || /stable\.session_token=.*Max-Age=0/.test(c)),
    ).toBe(true);
    expect(await getUser(buildRequest("/", { cookie }))).toBeNull();
  });

  it("shows 'Sign Out Error' when the session cannot be ended", async () => {
    const { cookie } = await signedInUser({ admin: true });
    // The session store is unavailable.
    await db()
      .schema.alterTable("sessions")
      .renameTo("sessions_gone")
      .execute()
      .catch(() => undefined);
    const res = await signOutAs(cookie, "global");
    await db().schema.alterTable("sessions_gone").renameTo("sessions").execute();
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "error", title: "Sign Out Error" });
  });
});
