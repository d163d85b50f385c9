import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { buildRequest, WEAK_PASSWORDS } from "@tests/auth";
import { signIn } from "~/auth/auth.server";
import { listAdmins } from "~/models/user-role.server";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { listActivity } from "~/models/activity.server";
import { getOwnerAccount } from "~/models/owner-account.server";
import { runAdminCommand } from "./admin-command";

useFreshDatabase();

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run admin", () => {
  it("creates an administrator who can sign in, lists and revokes", async () => {
    expect(await run("create", "--email", "Boss@Example.com", "--password", "Stable-Secret-2025")).toMatchObject({
      code: 0,
      out: "Created administrator boss@example.com.",
    });
    expect((await signIn(buildRequest("/auth"), "boss@example.com", "Stable-Secret-2025")).ok).toBe(true);
    expect(await run("list")).toMatchObject({ code: 0, out: "boss@example.com" });
    expect(await run("revoke", "--email", "boss@example.com")).toMatchObject({
      code: 0,
      out: "boss@example.com is no longer an administrator.",
    });
    expect(await listAdmins()).toEqual([]);
    expect(await run("list")).toMatchObject({ out: "No administrators yet." });
  });

  it("promotes an existing user, replacing the password only when one is given", async () => {
    await run("create", "--email", "rider@example.com", "--password", "First-Password-11");
    await run("revoke", "--email", "rider@example.com");
    expect(await run("create", "--email", "rider@example.com")).toMatchObject({
      code: 0,
      out: "rider@example.com is now an administrator.",
    });
    expect((await signIn(buildRequest("/auth"), "rider@example.com", "First-Password-11")).ok).toBe(true);
    await run("create", "--email", "rider@example.com", "--password", "Second-Password-22");
    expect((await signIn(buildRequest("/auth"), "rider@example.com", "First-Password-11")).ok).toBe(false);
    expect((await signIn(buildRequest("/auth"), "rider@example.com", "Second-Password-22")).ok).toBe(true);
  });

  it("refuses to make an account with access an owner's or guest's administrator, saying whose it is", async () => {
    const horse = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [horse.id], email: "anna@example.com", name: "Anna Holm" });
    for (const argv of [
      ["create", "--email", owner.email],
      ["create", "--email", owner.email, "--take-over"],
    ]) {
      expect(await run(...argv)).toMatchObject({
        code: 2,
        err: "This e-mail address belongs to Anna Holm (anna@example.com), owner (active); it cannot be an administrator.",
      });
    }
    expect(await listAdmins()).toEqual([]);
  });

  it("takes an address over from a pending or revoked guest or owner when asked to, and logs it", async () => {
    const horse = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [horse.id], name: "Anna Holm" });
    const guest = await createGuest(owner.id, { name: "Gitte", email: "gitte@example.com", active: false });
    const create = (...more: string[]) =>
      run("create", "--email", guest.email, "--password", "Stable-Secret-2025", ...more);
    expect(await create()).toMatchObject({
      code: 2,
      err:
        "This e-mail address belongs to Gitte (gitte@example.com), guest of Anna Holm (invited). " +
        "Add --take-over to remove that account and make the administrator.",
    });
    expect(await getOwnerAccount(guest.id)).not.toBeNull();
    expect(await create("--take-over")).toMatchObject({ code: 0, out: "Created administrator gitte@example.com." });
    expect(await getOwnerAccount(guest.id)).toBeNull();
    expect((await listAdmins()).map((a) => a.email)).toEqual(["gitte@example.com"]);
    const { entries } = await listActivity({ kind: "revoke" });
    expect(entries.map((e) => [e.summary, e.via])).toContainEqual([
      "Address taken over for an administrator: Gitte (gitte@example.com), guest of Anna Holm (invited), removed",
      "command",
    ]);
  });

  it("refuses weak passwords, missing arguments and unknown commands without changing anything", async () => {
    expect(await run("create", "--email", "a@example.com", "--password", "short")).toMatchObject({
      code: 2,
      err: "Password must be at least 10 characters.",
    });
    expect(await run("create", "--email", "a@example.com", "--password", "1234567890")).toMatchObject({ code: 2 });
    for (const password of WEAK_PASSWORDS)
      expect(await run("create", "--email", "a@example.com", "--password", password)).toMatchObject({
        code: 2,
        err: expect.stringMatching(/^This password is too easy to guess\. \S/),
      });
    expect(await run("create", "--email", "a@example.com")).toMatchObject({
      code: 2,
      err: "create needs --password for a new user.",
    });
    expect(await run("create", "--password", "Stable-Secret-2025")).toMatchObject({ code: 2 });
    expect(await run("revoke", "--email", "nobody@example.com")).toMatchObject({ code: 1 });
    expect((await run("frobnicate")).code).toBe(2);
    expect((await run()).code).toBe(2);
    expect(await listAdmins()).toEqual([]);
  });
});
