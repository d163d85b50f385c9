import { describe, expect, test } from "vitest";
import { contactRequest } from "@tests/contact";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "./contact-form";
import {
  submitContact,
  CONTACT_EXPIRED_TEXT,
  CONTACT_SENT_TEXT,
  CONTACT_TOO_FAST_TEXT,
} from "./contact-submission.server";
import { FORM_STAMP_TTL_MS, issueFormStamp } from "./form-stamp.server";
import { sql } from "kysely";
import { listContactMessages } from "~/models/contact-message.server";
import { closeDatabase, db, openPostgres, useDatabase } from "~/platform/db.server";

useFreshDatabase();

useTestEnv({ CONTACT_MIN_FILL_MS: "3000", CONTACT_RATE_LIMIT: "5" });

describe("submitting the contact form", () => {
  test("a valid message is stored trimmed, pending delivery, and the visitor is thanked", async () => {
    const outcome = await submitContact(
      contactRequest({ name: "  Anne Jensen ", message: "  Hello, can we talk about training?\n" }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({
      result: "sent",
      toast: { type: "success", title: "Message Sent!", description: CONTACT_SENT_TEXT },
    });
    const [stored, ...rest] = await listContactMessages();
    expect(rest).toHaveLength(0);
    expect(stored).toMatchObject({
      name: "Anne Jensen",
      email: "anne@example.com",
      message: "Hello, can we talk about training?",
      state: "pending",
      attempts: 0,
    });
  });

  test("invalid input is refused with the first rule's message, every field's own, the values kept, and nothing stored", async () => {
    const outcome = await submitContact(contactRequest({ name: " ", email: "anne@", message: "too short" }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({
      result: "invalid",
      toast: expect.objectContaining({ type: "error", title: "Validation Error", description: "Name is required" }),
      values: { name: " ", email: "anne@", message: "too short" },
      fieldErrors: {
        name: "Name is required",
        email: "Invalid email address",
        message: "Message must be at least 10 characters",
      },
    });
    expect(await listContactMessages()).toEqual([]);
  });

  // The browser tests send one row of each matrix; the server holds every rule on its own, whatever
  // the page's limits (maxlength) let through.
  const email = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
  const valid = { name: "Anne Jensen", email: "anne@example.com", message: "We would like to visit the yard." };

  test.each([
    ["name", "   ", "Name is required"],
    ["name", "n".repeat(101), "Name must be less than 100 characters"],
    ["email", "anne@localhost", "Invalid email address"],
    ["email", email(256), "Email must be less than 255 characters"],
    ["message", "   123456789   ", "Message must be at least 10 characters"],
    ["message", "            ", "Message must be at least 10 characters"],
    ["message", "m".repeat(2001), "Message must be less than 2000 characters"],
  ] as const)(
    "%s %j is refused with %j beside it, the values kept as typed, nothing stored",
    async (field, value, error) => {
      const typed = { ...valid, [field]: value };
      const outcome = await submitContact(contactRequest(typed));
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({
        result: "invalid",
        toast: expect.objectContaining({ type: "error", title: "Validation Error", description: error }),
        values: typed,
        fieldErrors: { [field]: error },
      });
      expect(await listContactMessages()).toEqual([]);
    },
  );

  test("the limits are inclusive: 100-character name, 255-character e-mail, 10 and 2000-character messages", async () => {
    const rows = [
      { name: "n".repeat(100) },
      { email: email(255) },
      { message: "1234567890" },
      { message: "m".repeat(2000) },
    ];
    for (const [i, row] of rows.entries()) {
      const outcome = await submitContact(contactRequest({ ...valid, ...row }, { ip: `203.0.113.${10 + i}` }));
      expect(outcome.status, JSON.stringify(row)).toBe(200);
    }
    const stored = await listContactMessages();
    expect(stored.map((m) => [m.name.length, m.email.length, m.message.length]).sort()).toEqual(
      [
        [100, 16, 32],
        [11, 255, 32],
        [11, 16, 10],
        [11, 16, 2000],
      ].sort(),
    );
  });

  test("a filled spam trap looks like success but nothing is stored", async () => {
    const outcome = await submitContact(contactRequest({ [HONEYPOT_FIELD]: "+45 1234" }));
    expect(outcome).toMatchObject({ status: 200, body: { result: "sent" } });
    expect(await listContactMessages()).toEqual([]);
  });

  test("a form sent faster than the minimum fill time is refused with a clear message and the values kept", async () => {
    const outcome = await submitContact(contactRequest({ message: "Sent by a very fast robot" }, { ageMs: 500 }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({
      result: "refused",
      toast: { title: "Error", description: CONTACT_TOO_FAST_TEXT },
      values: { message: "Sent by a very fast robot" },
    });
    expect(await listContactMessages()).toEqual([]);
    // The same form, a moment later, goes through.
    expect((await submitContact(contactRequest({}, { ageMs: 3000 }))).status).toBe(200);
  });

  test("a missing or forged stamp is refused and a fresh one is handed back", async () => {
    for (const stamp of ["", "123.abc", `${Date.now() - 60_000}.forged-signature-forged-signature-forged-sig`]) {
      const outcome = await submitContact(contactRequest({ [FORM_STAMP_FIELD]: stamp }));
      expect(outcome.status).toBe(400);
      expect(outcome.body).toMatchObject({
        result: "refused",
        toast: { description: CONTACT_EXPIRED_TEXT },
        formStamp: expect.any(String),
      });
    }
    expect(await listContactMessages()).toEqual([]);
  });

  test("a stamp expires after 24 hours and each one is accepted once", async () => {
    const old = await submitContact(
      contactRequest({ message: "Written yesterday, sent today" }, { ageMs: FORM_STAMP_TTL_MS + 60_000 }),
    );
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({
      result: "refused",
      toast: { description: CONTACT_EXPIRED_TEXT },
      formStamp: expect.any(String),
    });

    const stamp = issueFormStamp(new Date(Date.now() - 60_000));
    const first = await submitContact(contactRequest({ [FORM_STAMP_FIELD]: stamp }));
    expect(first.status).toBe(200);
    // The answer carries a new stamp so the page can send another message.
    expect(first.body).toMatchObject({ result: "sent", formStamp: expect.any(String) });
    for (let i = 0; i < 3; i++) {
      const replay = await submitContact(contactRequest({ [FORM_STAMP_FIELD]: stamp }, { ip: `198.51.100.${i}` }));
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ toast: { description: CONTACT_EXPIRED_TEXT } });
    }
    // Sent at once, the same stamp still gets through only once.
    const racing = issueFormStamp(new Date(Date.now() - 60_000));
    const raced = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        submitContact(contactRequest({ [FORM_STAMP_FIELD]: racing }, { ip: `192.0.2.${i}` })),
      ),
    );
    expect(raced.filter((o) => o.status === 200)).toHaveLength(1);
    expect(await listContactMessages()).toHaveLength(2);
  });

  test("one address is limited per hour with 429 and a clear message; other addresses are not affected", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await submitContact(contactRequest({}, { ip: "198.51.100.1" }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await submitContact(contactRequest({ message: "Please let me through" }, { ip: "198.51.100.1" }));
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({ "Retry-After": expect.stringMatching(/^\d+$/) });
    expect(refused.body).toMatchObject({
      result: "refused",
      toast: {
        title: "Error",
        description: expect.stringMatching(
          /^Too many messages have been sent from your connection\. Please try again in \d+ minutes?/,
        ),
      },
      values: { message: "Please let me through" },
    });
    expect((await submitContact(contactRequest({}, { ip: "198.51.100.2" }))).status).toBe(200);
    expect(await listContactMessages()).toHaveLength(6);
  });

  test("an IPv6 /64 is one client, and an IPv4-mapped address counts as its IPv4 address", async () => {
    const fromOneNetwork = [];
    for (let i = 1; i <= 8; i++)
      fromOneNetwork.push((await submitContact(contactRequest({}, { ip: `2001:db8:1:2::${i}` }))).status);
    expect(fromOneNetwork).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // The neighbouring /64 is someone else.
    expect((await submitContact(contactRequest({}, { ip: "2001:db8:1:3::1" }))).status).toBe(200);

    for (let i = 0; i < 3; i++) await submitContact(contactRequest({}, { ip: "198.51.100.77" }));
    const mapped = [];
    for (let i = 0; i < 3; i++)
      mapped.push((await submitContact(contactRequest({}, { ip: "::ffff:198.51.100.77" }))).status);
    expect(mapped).toEqual([200, 200, 429]);
  });

  test("sent from /da/contact, the visitor is answered in Danish and the message stored like any other", async () => {
    const invalid = await submitContact(
      contactRequest({ name: " ", email: "anne@", message: "kort" }, { path: "/da/contact" }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      result: "invalid",
      toast: { type: "error", title: "Tjek formularen", description: "Skriv dit navn" },
      fieldErrors: {
        name: "Skriv dit navn",
        email: "Skriv en gyldig e-mailadresse",
        message: "Beskeden skal være på mindst 10 tegn",
      },
    });
    const tooFast = await submitContact(contactRequest({}, { path: "/da/contact", ageMs: 500 }));
    expect(tooFast.body).toMatchObject({ toast: { title: "Fejl", description: expect.stringMatching(/^Det gik/) } });

    const sent = await submitContact(
      contactRequest({ message: "Må vi komme forbi stalden?" }, { path: "/da/contact", ip: "198.51.100.9" }),
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      result: "sent",
      toast: { type: "success", title: "Tak for din besked!" },
    });
    expect(await listContactMessages()).toMatchObject([{ message: "Må vi komme forbi stalden?", state: "pending" }]);

    for (let i = 0; i < 5; i++) await submitContact(contactRequest({}, { path: "/da/contact", ip: "198.51.100.9" }));
    const limited = await submitContact(contactRequest({}, { path: "/da/contact", ip: "198.51.100.9" }));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      toast: { description: expect.stringMatching(/^Der er sendt for mange beskeder .* om \d+ minut(ter)?,/) },
    });
  });

  test("a multipart post (another way a form can be sent) works too", async () => {
    const form = new FormData();
    form.set("name", "Anne");
    form.set("email", "anne@example.com");
    form.set("message", "Sent as multipart form data");
    form.set(FORM_STAMP_FIELD, new URLSearchParams(await contactRequest({}).text()).get(FORM_STAMP_FIELD)!);
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { [CLIENT_IP_HEADER]: "203.0.113.10" },
      body: form,
    });
    expect((await submitContact(request)).status).toBe(200);
    expect((await listContactMessages())[0]).toMatchObject({ message: "Sent as multipart form data" });
  });

  test("when the message cannot be stored the visitor is told to try again, with everything typed kept", async () => {
    await sql`alter table contact_messages rename to contact_messages_gone`.execute(db());
    const outcome = await submitContact(contactRequest({ message: "Please do not lose this text" }));
    expect(outcome.status).toBe(500);
    expect(outcome.body).toMatchObject({
      result: "error",
      toast: {
        type: "error",
        title: "Error",
        description: "Failed to send message. Please try again or contact us directly.",
      },
      values: { name: "Anne Jensen", email: "anne@example.com", message: "Please do not lose this text" },
    });
  });

  test("when the database cannot be reached the visitor is told to try again (503), with everything typed kept", async () => {
    const reachable = useDatabase(openPostgres("postgres://nobody@127.0.0.1:1/none"));
    try {
      const outcome = await submitContact(contactRequest({ message: "Sent while the database was down" }));
      expect(outcome.status).toBe(503);
      expect(outcome.body).toMatchObject({
        result: "error",
        toast: { description: "Failed to send message. Please try again or contact us directly." },
        values: { message: "Sent while the database was down" },
      });
    } finally {
      await closeDatabase();
      useDatabase(reachable);
    }
    expect(await listContactMessages()).toEqual([]);
  });
});
