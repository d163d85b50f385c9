import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { getOwnerAccount, revokeOwner } from "./owner-account.server";
import { saveOwnerSettings, turnOffNotice } from "./owner-notice-settings.server";

useFreshDatabase();

describe("settings", () => {
  test("are the person's own: language and each kind of notice; the unsubscribe link turns one off", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    const notices = { entry: false, declaration: true, withdrawal: false, result: true, update: true };
    expect(await saveOwnerSettings(owner.id, { language: "da", notices })).toBe(true);
    expect(await getOwnerAccount(owner.id)).toMatchObject({ language: "da", notices });
    expect(await turnOffNotice(owner.id, "result")).toEqual({ changed: true });
    expect(await turnOffNotice(owner.id, "result")).toEqual({ changed: false });
    expect((await getOwnerAccount(owner.id))!.notices).toEqual({ ...notices, result: false });
    await revokeOwner(owner.id);
    expect(await turnOffNotice(owner.id, "update")).toBeNull();
    expect(await saveOwnerSettings(owner.id, { language: "en", notices })).toBe(false);
  });
});
