import { describe, expect, it } from "vitest";
import { horseForm, success, useAdmin } from "@tests/admin-actions";
import { signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import * as accountPage from "./account";
import * as activityTab from "./activity";
import * as horsesTab from "./horses";

useFreshDatabase();

const admin = useAdmin();
const { run } = admin;

describe("Account page", () => {
  it("keeps the dashboard's language with the account, says so in the language chosen and logs it", async () => {
    const { user, cookie: own } = await signedInUser({ admin: true });
    admin.signIn(own);
    expect((await run(accountPage.loader, "/admin/account")).data).toMatchObject({ language: "en" });
    const chosen = await run(accountPage.action, "/admin/account", { intent: "language", language: "da" });
    expect(chosen).toMatchObject({
      status: 302,
      location: "/admin/account",
      toast: success("Sprog gemt", "Kontrolpanelet er nu på dansk."),
    });
    expect((await run(accountPage.loader, "/admin/account")).data).toMatchObject({ language: "da" });
    const bad = await run(accountPage.action, "/admin/account", { intent: "language", language: "de" });
    expect(bad).toMatchObject({ status: 400, data: { errors: { language: "Vælg English eller Dansk" } } });
    // The tabs now answer in Danish.
    const missing = await run(horsesTab.action, "/admin/horses", { ...horseForm, name: "" });
    expect(missing.data!.errors!.name).toBe("Skriv hestens navn");
    const activity = await run(activityTab.loader, "/admin/activity");
    expect((activity.data as unknown as { entries: { summary: string }[] }).entries[0]!.summary).toBe(
      // The log keeps English; the tab reads it in the administrator's language.
      `Kontrolpanelets sprog sat til Dansk: ${user.email}`,
    );
    // Another administrator's dashboard stays in English.
    admin.signIn((await signedInUser({ admin: true })).cookie);
    expect((await run(accountPage.loader, "/admin/account")).data).toMatchObject({ language: "en" });
  });
});
