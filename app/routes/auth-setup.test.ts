import { describe, expect, it } from "vitest";
import { buildRequest, createUser, expireVerifications, WEAK_PASSWORDS } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { action as setupAction, loader as setupLoader } from "./auth-setup";
import { announceSetupLinkIfNeeded, consumeSetupToken, isSetupTokenUsable } from "~/auth/admin-setup.server";
import { getUser } from "~/auth/auth.server";
import { db } from "~/platform/db.server";
import { listAdmins } from "~/models/user-role.server";
import { createOwner, testHorse } from "@tests/owners";

useFreshDatabase();

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

async function announce() {
  const lines: string[] = [];
  const url = await announceSetupLinkIfNeeded({ port: 3000, print: (l) => lines.push(l) });
  return { url, printed: lines.join("\n") };
}

function setupForm(token: string, overrides: Record<string, string> = {}) {
  return buildRequest(`/auth/setup?token=${token}`, {
    form: {
      token,
      email: "Owner@Stable.dk",
      password: "Paddock-Oats-Gallop-7",
      confirm: "Paddock-Oats-Gallop-7",
      ...overrides,
    },
  });
}

describe("the first-administrator link", () => {
  it("is printed while no admin exists, stored only as a hash, and creates the admin once", async () => {
    const { url, printed } = await announce();
    expect(url).toMatch(/^http:\/\/localhost:3000\/auth\/setup\?token=[\w-]{40,}$/);
    expect(printed).toContain(url);
    const token = tokenOf(url!);
    const stored = await db().selectFrom("verifications").select(["identifier"]).execute();
    expect(stored.map((r) => r.identifier).join()).not.toContain(token);
    expect(
      await setupLoader({ request: buildRequest(`/auth/setup?token=${token}`), params: {}, context: {} } as never),
    ).toEqual({ token, usable: true });

    const weak = await setupAction({
      request: setupForm(token, { password: "abc", confirm: "abc" }),
      params: {},
      context: {},
    } as never);
    expect(weak).toMatchObject({ init: { status: 400 } });
    expect(await listAdmins()).toEqual([]);

    const done = (await setupAction({ request: setupForm(token), params: {}, context: {} } as never)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    const cookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("stable.session_token="))!
      .split(";")[0]!;
    expect(await getUser(buildRequest("/admin", { cookie }))).toMatchObject({
      email: "owner@stable.dk",
      isAdmin: true,
    });

    const again = await setupAction({
      request: setupForm(token, { email: "intruder@example.com" }),
      params: {},
      context: {},
    } as never);
    expect(again).toMatchObject({ init: { status: 403 } });
    expect((await listAdmins()).map((a) => a.email)).toEqual(["owner@stable.dk"]);
    expect(await isSetupTokenUsable(token)).toBe(false);
    expect((await announce()).url).toBeNull();
  });

  it("refuses a password that is easy to guess, with the estimator's advice, and creates nobody", async () => {
    const token = tokenOf((await announce()).url!);
    for (const password of WEAK_PASSWORDS) {
      const refused = await setupAction({
        request: setupForm(token, { password, confirm: password }),
        params: {},
        context: {},
      } as never);
      expect(refused).toMatchObject({
        init: { status: 400 },
        data: {
          toast: { title: "Setup Error", description: expect.stringMatching(/^This password is too easy to guess\./) },
          errors: { password: [expect.stringMatching(/^This password is too easy to guess\./)] },
        },
      });
    }
    expect(await listAdmins()).toEqual([]);
    expect(await isSetupTokenUsable(token)).toBe(true);
  });

  it("refuses an owner's address, keeping the link for another try", async () => {
    const horse = await testHorse("Xenia");
    await createOwner({ horseIds: [horse.id], email: "owner@stable.dk" });
    const token = tokenOf((await announce()).url!);
    const refused = await setupAction({ request: setupForm(token), params: {}, context: {} } as never);
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { errors: { email: [expect.stringContaining("belongs to an owner's or guest's account")] } },
    });
    expect(await listAdmins()).toEqual([]);
    expect(await isSetupTokenUsable(token)).toBe(true);
  });

  it("is refused when made up, expired, or once an administrator exists", async () => {
    expect(await isSetupTokenUsable("made-up")).toBe(false);
    const expired = tokenOf((await announce()).url!);
    await expireVerifications();
    expect(await isSetupTokenUsable(expired)).toBe(false);
    expect(await consumeSetupToken(expired)).toBe(false);

    const live = tokenOf((await announce()).url!);
    await createUser({ admin: true });
    expect(await isSetupTokenUsable(live)).toBe(false);
    const refused = await setupAction({ request: setupForm(live), params: {}, context: {} } as never);
    expect(refused).toMatchObject({ init: { status: 403 } });
    expect(await db().selectFrom("users").select("email").where("email", "=", "owner@stable.dk").execute()).toEqual([]);
  });
});
