import { describe, expect, it } from "vitest";
import { TEST_PASSWORD, WEAK_PASSWORDS } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { db } from "~/platform/db.server";
import { newPasswordProblem } from "./password-rules.server";

useFreshDatabase();

describe("the rules for a new password", () => {
  it.each(WEAK_PASSWORDS)("refuses %s, saying why and what would help", async (password) => {
    const problem = await newPasswordProblem(password, { email: "owner@example.com" });
    expect(problem).toMatch(/^This password is too easy to guess\. \S/);
  });

  it("refuses what leans on Danish words, the account's e-mail or the stable's configured name", async () => {
    expect(await newPasswordProblem("Sommer2026!")).not.toBeNull();
    expect(await newPasswordProblem("Bjarkesen2026", { email: "bjarkesen@example.com" })).not.toBeNull();
    expect(await newPasswordProblem("Bjarkesen2026")).toBeNull();
    await db().updateTable("site_settings").set({ stable_name: "Vestergaard Galop" }).execute();
    expect(await newPasswordProblem("Vestergaard2026!")).not.toBeNull();
  });

  it("keeps the length limits, and accepts a password that is hard to guess", async () => {
    expect(await newPasswordProblem("short")).toBe("Password must be at least 10 characters.");
    expect(await newPasswordProblem("x".repeat(129))).toBe("Password must be at most 128 characters.");
    expect(await newPasswordProblem(TEST_PASSWORD, { email: "owner@example.com" })).toBeNull();
    expect(await newPasswordProblem("correct horse battery staple")).toBeNull();
  });
});
