import { describe, expect, test } from "vitest";
import { buildRequest, TEST_PASSWORD } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { createOwner, testHorse } from "@tests/owners";
import { getUser } from "~/auth/auth.server";
import { translator } from "~/i18n/dictionary";
import { getOwnerAccount } from "~/models/owner-account.server";
import { inviteGuest } from "~/models/owner-guest.server";
import { composeInvitationMail, acceptWithPassword } from "./invitation.server";
import { mailOrigin } from "~/platform/mail-parts.server";

useFreshDatabase();

const ORIGIN = "https://stald.example";

const tokenIn = (text: string) => /welcome\?token=([\w-]+)/.exec(text)?.[1] ?? "";

describe("the invitation mail", () => {
  useTestEnv({ PUBLIC_ORIGIN: ORIGIN });

  test("is in the invitee's language with a link under PUBLIC_ORIGIN; a later one retires it", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({
      horseIds: [x.id],
      email: "anna@example.com",
      name: "Anna",
      language: "da",
      active: false,
    });
    const mail = (await composeInvitationMail(owner.email, mailOrigin("http://evil.example")))!;
    expect(mail.to).toBe("anna@example.com");
    expect(mail.subject).toBe("Din invitation til ejerområdet hos Stald Nordlys");
    expect(mail.text).toContain("Kære Anna");
    expect(mail.text).toContain(`${ORIGIN}/da/owners/welcome?token=`);
    // A Danish invitee signs in on the Danish sign-in page, from a mail in the stable's name.
    expect(mail.text).toContain(`på ${ORIGIN}/da/auth`);
    expect(mail.text).not.toContain(`${ORIGIN}/auth`);
    expect(mail.fromName).toBe("Stald Nordlys");
    expect(mail.html).toContain('<html lang="da">');
    expect(mail.text).not.toContain("evil.example");
    const later = (await composeInvitationMail(owner.email, ORIGIN))!;
    const t = translator("da");
    const first = await acceptWithPassword(
      buildRequest("/da/owners/welcome", { form: {} }),
      { token: tokenIn(mail.text), password: TEST_PASSWORD, confirm: TEST_PASSWORD },
      t,
      false,
    );
    expect(first).toMatchObject({ ok: false, status: 404, bad: true });
    expect(tokenIn(later.text)).not.toBe(tokenIn(mail.text));
  });

  test("a guest's names the owner who invited them; nothing is sent once the account has access", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id], name: "Anna Holm" });
    await inviteGuest(owner.id, { name: "Bo", email: "bo@example.com", language: "en" });
    const mail = (await composeInvitationMail("bo@example.com", ORIGIN))!;
    expect(mail.subject).toBe("Anna Holm invites you to follow their horses at Stald Nordlys");
    expect(mail.html).toContain("Anna Holm has invited you");
    expect(await composeInvitationMail(owner.email, ORIGIN)).toBeNull();
    expect(await composeInvitationMail("nobody@example.com", ORIGIN)).toBeNull();
  });
});

describe("accepting an invitation", () => {
  test("checks the password by the site's rules in the page's language, then signs the invitee in", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id], email: "anna@example.com", language: "da", active: false });
    const token = tokenIn((await composeInvitationMail(owner.email, ORIGIN))!.text);
    const da = translator("da");
    const request = () => buildRequest("/da/owners/welcome", { form: {} });
    const attempt = (password: string, confirm = password, english = false) =>
      acceptWithPassword(request(), { token, password, confirm }, english ? translator("en") : da, english);
    expect(await attempt("short")).toMatchObject({
      status: 400,
      errors: { password: da("owners.passwordTooShort", { min: 10 }) },
    });
    expect(await attempt(TEST_PASSWORD, "something else")).toMatchObject({
      errors: { confirm: "De to adgangskoder er ikke ens." },
    });
    expect(await attempt("password1234")).toMatchObject({ errors: { password: da("owners.passwordWeak") } });
    expect(await attempt("password1234", "password1234", true)).toMatchObject({
      errors: { password: expect.stringContaining("This password is too easy to guess") },
    });
    expect((await getOwnerAccount(owner.id))!.state).toBe("invited");

    const accepted = await attempt(TEST_PASSWORD);
    expect(accepted).toMatchObject({ ok: true, language: "da" });
    const cookie = (accepted as { headers: Headers }).headers.getSetCookie()[0]!.split(";")[0]!;
    expect(await getUser(buildRequest("/da/owners", { cookie }))).toMatchObject({
      email: "anna@example.com",
      isAdmin: false,
      owner: { role: "owner", language: "da" },
    });
    expect(await attempt(TEST_PASSWORD)).toMatchObject({ ok: false, status: 404, bad: true });
  });

  test("greets by name only when the name is plain text: a link-shaped one is left out, never linked", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id], name: "Anna Holm" });
    // Stored before names were checked, or by a caller that does not check.
    await inviteGuest(owner.id, {
      name: "WINNER! Claim at https://evil.example",
      email: "w@example.com",
      language: "en",
    });
    const mail = (await composeInvitationMail("w@example.com", ORIGIN))!;
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
    // The first line under the stable's name: the greeting without a name.
    expect(mail.text.split("\n").filter(Boolean)[1]).toBe("Hello,");
  });
});
