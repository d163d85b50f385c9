import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import {
  countUnreadContactMessages,
  createContactMessage,
  getContactMessage,
  listContactMessages,
  listUnreadContactMessages,
  markContactMessageRead,
} from "./contact-message.server";

useFreshDatabase();

const send = (name: string, at: string) =>
  createContactMessage(
    { name, email: `${name.toLowerCase()}@example.com`, message: `A message from ${name}.` },
    { attemptLimit: 3, now: new Date(at) },
  );

describe("read and unread messages", () => {
  it("a message arrives unread and stays read once opened, with the first time it was opened", async () => {
    const bente = await send("Bente", "2026-05-01T08:00:00.000Z");
    expect(bente.readAt).toBeNull();
    expect(await countUnreadContactMessages()).toBe(1);

    expect(await markContactMessageRead(bente.id, new Date("2026-05-01T09:00:00.000Z"))).toBe(true);
    expect(await markContactMessageRead(bente.id, new Date("2026-05-02T09:00:00.000Z"))).toBe(true);
    expect((await getContactMessage(bente.id))!.readAt).toBe("2026-05-01T09:00:00.000Z");
    expect(await countUnreadContactMessages()).toBe(0);
    expect(await markContactMessageRead("no-such-message")).toBe(false);
  });

  it("lists the newest unread messages first, as many as asked for", async () => {
    const names = ["Anna", "Bo", "Carl", "Dorte", "Erik"];
    const sent = [];
    for (const [i, name] of names.entries()) sent.push(await send(name, `2026-05-0${i + 1}T08:00:00.000Z`));
    await markContactMessageRead(sent[4]!.id);
    expect(await countUnreadContactMessages()).toBe(4);
    expect((await listUnreadContactMessages(3)).map((m) => m.name)).toEqual(["Dorte", "Carl", "Bo"]);
    expect((await listContactMessages()).map((m) => [m.name, m.readAt !== null])).toEqual([
      ["Erik", true],
      ["Dorte", false],
      ["Carl", false],
      ["Bo", false],
      ["Anna", false],
    ]);
  });
});
