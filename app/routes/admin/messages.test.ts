import { expect, test } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { action, loader } from "./messages";
import { createContactMessage, getContactMessage } from "~/models/contact-message.server";
import { claimNextDueMail, markMailAttemptFailed } from "~/models/mail-queue.server";

useFreshDatabase();

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;

useTestEnv({ CONTACT_TO: "stable@example.com" });

async function failedMessage(name: string) {
  const m = await createContactMessage(
    { name, email: "x@example.com", message: "Please call me back." },
    { attemptLimit: 1 },
  );
  const claim = await claimNextDueMail({ leaseMs: 60_000 });
  await markMailAttemptFailed(claim!, { error: "connect ECONNREFUSED", retryAt: null });
  return m;
}

test("lists messages newest first with their delivery state, attempts and the recipient", async () => {
  const { cookie } = await signedInUser({ admin: true });
  await failedMessage("Failed one");
  const old = await createContactMessage(
    { name: "Old", email: "a@example.com", message: "First message here" },
    { attemptLimit: 3, now: new Date("2026-01-01T10:00:00Z") },
  );
  const result = await loader(args(buildRequest("/admin/messages", { cookie })));
  expect(result.recipient).toBe("stable@example.com");
  expect(result.messages.map((m) => [m.name, m.state, m.attempts])).toEqual([
    ["Failed one", "failed", 1],
    ["Old", "pending", 0],
  ]);
  expect(result.counts).toMatchObject({ failed: 1, pending: 1 });
  expect(result.messages[1]!.id).toBe(old.id);
});

test("an admin can retry a failed message; other messages cannot be retried", async () => {
  const { cookie } = await signedInUser({ admin: true });
  const failed = await failedMessage("Anne");
  const response = await action(
    args(buildRequest("/admin/messages", { cookie, form: { intent: "retry", id: failed.id } })),
  );
  expect(response).toBeInstanceOf(Response);
  expect((response as Response).status).toBe(302);
  expect(await getContactMessage(failed.id)).toMatchObject({ state: "pending", attempts: 1, attemptLimit: 11 });

  const again = await action(
    args(buildRequest("/admin/messages", { cookie, form: { intent: "retry", id: failed.id } })),
  );
  expect(again).toMatchObject({ init: { status: 409 } });
});

test("visitors and non-admins are refused and nothing changes", async () => {
  const failed = await failedMessage("Anne");
  const { cookie } = await signedInUser();
  for (const c of [undefined, cookie]) {
    const thrown = await action(
      args(buildRequest("/admin/messages", { cookie: c, form: { intent: "retry", id: failed.id } })),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    await expect(loader(args(buildRequest("/admin/messages", { cookie: c })))).rejects.toBeInstanceOf(Response);
  }
  expect(await getContactMessage(failed.id)).toMatchObject({ state: "failed" });
});

test("shows the invisible characters a visitor typed, by their code", async () => {
  const { cookie } = await signedInUser({ admin: true });
  await createContactMessage(
    { name: "Anne\u202Egnp.exe", email: "a\u200B@example.com", message: "Call me\u2066 back\u2069 please" },
    { attemptLimit: 3 },
  );
  const result = await loader(args(buildRequest("/admin/messages", { cookie })));
  expect(result.messages[0]).toMatchObject({
    name: "Anne[U+202E]gnp.exe",
    email: "a[U+200B]@example.com",
    message: "Call me[U+2066] back[U+2069] please",
  });
});

test("a message arrives unread; opening it marks it read, and only it", async () => {
  const { cookie } = await signedInUser({ admin: true });
  const first = await createContactMessage(
    { name: "Bente", email: "b@example.com", message: "Do you have room for a two-year-old?" },
    { attemptLimit: 3 },
  );
  const second = await createContactMessage(
    { name: "Carl", email: "c@example.com", message: "May I visit on Saturday?" },
    { attemptLimit: 3 },
  );
  const listed = await loader(args(buildRequest("/admin/messages", { cookie })));
  expect(listed.unread).toBe(2);
  expect(listed.messages.map((m) => m.readAt)).toEqual([null, null]);

  // Looking at the address of an open message (or fetching it ahead) changes nothing…
  expect((await loader(args(buildRequest(`/admin/messages?open=${first.id}`, { cookie })))).unread).toBe(2);
  // …opening it does, and shows it, on the page of the list it was opened from.
  const opened = await action(
    args(buildRequest("/admin/messages", { cookie, form: { intent: "open", id: first.id } })),
  );
  expect((opened as Response).headers.get("Location")).toBe(`/admin/messages?open=${first.id}#item-${first.id}`);
  const later = await action(
    args(buildRequest("/admin/messages", { cookie, form: { intent: "open", id: first.id, page: "2" } })),
  );
  expect((later as Response).headers.get("Location")).toBe(`/admin/messages?page=2&open=${first.id}#item-${first.id}`);
  expect((await loader(args(buildRequest("/admin/messages", { cookie })))).unread).toBe(1);
  expect((await getContactMessage(first.id))!.readAt).not.toBeNull();
  expect((await getContactMessage(second.id))!.readAt).toBeNull();
  // A message that is not there opens nothing and says so.
  const gone = await action(args(buildRequest("/admin/messages", { cookie, form: { intent: "open", id: "gone" } })));
  expect(gone).toMatchObject({ init: { status: 404 } });
});
