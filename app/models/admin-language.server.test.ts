import { describe, expect, it } from "vitest";
import { listActivity } from "~/models/activity.server";
import { runAs } from "~/platform/actor.server";
import { createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { getAdminLanguage, setAdminLanguage } from "./admin-language.server";

useFreshDatabase();

describe("the dashboard language of an account", () => {
  it("is English until the account chooses, and kept with the account once chosen", async () => {
    const user = await createUser({ admin: true });
    const other = await createUser({ admin: true });
    expect(await getAdminLanguage(user.id)).toBe("en");

    const as = { userId: user.id, email: user.email, via: "dashboard" as const };
    expect(await runAs(as, () => setAdminLanguage(user.id, "da"))).toBe(true);
    expect(await getAdminLanguage(user.id)).toBe("da");
    expect(await getAdminLanguage(other.id)).toBe("en");

    const { entries } = await listActivity();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "update",
      entity: "account",
      summary: `Dashboard language set to Danish: ${user.email}`,
      changes: [{ field: "Dashboard language", old: "English", new: "Danish" }],
    });

    // Choosing the language it already has changes nothing and logs nothing.
    expect(await runAs(as, () => setAdminLanguage(user.id, "da"))).toBe(true);
    expect((await listActivity()).entries).toHaveLength(1);
  });

  it("is English for an account that does not exist, and cannot be set for one", async () => {
    expect(await getAdminLanguage("no-such-user")).toBe("en");
    expect(await setAdminLanguage("no-such-user", "da")).toBe(false);
  });
});
