/**
 * The admin's long lists against a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * the Winners, News, Horses and Owners tabs each read one page of TAB_PAGE_SIZE records, searched by
 * `?q=`, paged by `?page=`; the record the address opens or just saved is there wherever it is.
 */
import { describe, expect, it } from "vitest";
import { useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import { createOwner } from "@tests/owners";
import { createHorse } from "~/models/horse.server";
import { createPost } from "~/models/post.server";
import { createWinner } from "~/models/winner.server";
import { TAB_PAGE_SIZE } from "./+shared/tab-reads.server";
import * as horsesTab from "./horses";
import * as newsTab from "./news";
import * as ownersTab from "./owners";
import * as winnersTab from "./winners";

useFreshDatabase();

const { run } = useAdmin();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const MORE = TAB_PAGE_SIZE + 3;

type ListPage = { q: string; page: number; pages: number; total: number };

async function loaded<T>(handler: unknown, path: string) {
  const answer = await run(handler as never, path);
  expect(answer.status).toBe(200);
  return answer.data as unknown as T & { list: ListPage; fetchError: unknown };
}

describe("the Winners tab", () => {
  it("reads a page of victories at a time, latest first, searched by horse or year", async () => {
    const h = await createHorse(horse);
    const other = await createHorse({ ...horse, name: "Kongens Ære" });
    for (let i = 0; i < MORE; i++) {
      const raceDate = new Date(Date.UTC(2025, 0, 1 + i * 3)).toISOString().slice(0, 10);
      await createWinner({ horseId: h.id, raceName: `Race ${i}`, raceDate });
    }
    const oldest = await createWinner({ horseId: other.id, raceName: "Old Cup", raceDate: "2019-05-01" });
    type Tab = { winners: { id: string; raceName: string; horsePhoto?: unknown }[] };
    const first = await loaded<Tab>(winnersTab.loader, "/admin/winners");
    expect(first.winners).toHaveLength(TAB_PAGE_SIZE);
    expect(first.list).toEqual({ q: "", page: 1, pages: 2, total: MORE + 1 });
    expect(first.winners[0]!.raceName).toBe(`Race ${MORE - 1}`);
    // What the rows and the form do not show is not sent.
    expect(first.winners[0]).not.toHaveProperty("horsePhoto");
    const second = await loaded<Tab>(winnersTab.loader, "/admin/winners?page=2");
    expect(second.winners.map((w) => w.raceName)).toEqual(["Race 2", "Race 1", "Race 0", "Old Cup"]);
    // Past the last page: the last page; not a page number: the first.
    expect((await loaded<Tab>(winnersTab.loader, "/admin/winners?page=99")).list.page).toBe(2);
    expect((await loaded<Tab>(winnersTab.loader, "/admin/winners?page=-1")).list.page).toBe(1);
    const found = await loaded<Tab>(winnersTab.loader, "/admin/winners?q=kongens");
    expect(found.winners.map((w) => w.raceName)).toEqual(["Old Cup"]);
    expect(found.list).toEqual({ q: "kongens", page: 1, pages: 1, total: 1 });
    expect((await loaded<Tab>(winnersTab.loader, "/admin/winners?q=2019")).winners.map((w) => w.raceName)).toEqual([
      "Old Cup",
    ]);
    // The victory the address opens is there for its form, though not on the first page.
    const opened = await loaded<Tab>(winnersTab.loader, `/admin/winners?edit=${oldest.id}`);
    expect(opened.winners[0]!.id).toBe(oldest.id);
    expect(opened.winners).toHaveLength(TAB_PAGE_SIZE + 1);
  });
});

describe("the News tab", () => {
  it("reads a page of posts without their bodies, searched by title, horse or year; the opened post whole", async () => {
    const h = await createHorse({ ...horse, name: "Kongens Ære" });
    const post = (i: number, values: Record<string, unknown> = {}) =>
      createPost({
        title: `Post ${i}`,
        body: "A long body ".repeat(200),
        video: null,
        publishAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
        draft: false,
        horseIds: [],
        photos: [],
        ...values,
      });
    for (let i = 1; i < MORE; i++) await post(i);
    const tagged = await post(0, {
      title: "Derby day",
      publishAt: "2024-06-01T10:00:00.000Z",
      horseIds: [h.id],
      photos: [
        { position: 2, image: { url: "/media/post-photos/b.webp", width: 400, height: 300 }, description: "B" },
        { position: 1, image: { url: "/media/post-photos/a.webp", width: 400, height: 300 }, description: "A" },
      ],
    });
    type Tab = {
      posts: { id: string; title: string; firstPhoto: { url: string } | null; horses: { name: string }[] }[];
      editing: { id: string; body: string } | null;
    };
    const first = await loaded<Tab>(newsTab.loader, "/admin/news");
    expect(first.posts).toHaveLength(TAB_PAGE_SIZE);
    expect(first.list).toMatchObject({ page: 1, pages: 2, total: MORE });
    expect(first.posts[0]!.title).toBe(`Post ${MORE - 1}`);
    expect(first.posts[0]).not.toHaveProperty("body");
    expect(first.posts[0]).not.toHaveProperty("photos");
    expect(first.editing).toBeNull();
    const second = await loaded<Tab>(newsTab.loader, "/admin/news?page=2");
    expect(second.posts.map((p) => p.title)).toEqual(["Post 2", "Post 1", "Derby day"]);
    expect(second.posts[2]).toMatchObject({
      firstPhoto: { url: "/media/post-photos/a.webp" },
      horses: [{ name: "Kongens Ære" }],
    });
    for (const q of ["derby", "kongens", "2024"]) {
      const found = await loaded<Tab>(newsTab.loader, `/admin/news?q=${q}`);
      expect(found.posts.map((p) => p.title)).toEqual(["Derby day"]);
    }
    const opened = await loaded<Tab>(newsTab.loader, `/admin/news?edit=${tagged.id}`);
    expect(opened.editing).toMatchObject({ id: tagged.id, body: expect.stringContaining("A long body") });
    expect(opened.posts[0]!.id).toBe(tagged.id);
  });
});

describe("the Horses tab", () => {
  it("reads a page of horses, newest first, searched by name, sire, dam or owner", async () => {
    for (let i = 0; i < MORE; i++) await createHorse({ ...horse, name: `Horse ${i}` });
    await createHorse({ ...horse, name: "Kongens Ære", sire: "Frankel", owner: "Stald Øst" });
    type Tab = { horses: { name: string }[] };
    const first = await loaded<Tab>(horsesTab.loader, "/admin/horses");
    expect(first.horses).toHaveLength(TAB_PAGE_SIZE);
    expect(first.list).toMatchObject({ page: 1, pages: 2, total: MORE + 1 });
    expect((await loaded<Tab>(horsesTab.loader, "/admin/horses?page=2")).horses).toHaveLength(MORE + 1 - TAB_PAGE_SIZE);
    for (const q of ["kongens", "frankel", "Stald Øst"]) {
      const found = await loaded<Tab>(horsesTab.loader, `/admin/horses?q=${encodeURIComponent(q)}`);
      expect(found.horses.map((h) => h.name)).toEqual(["Kongens Ære"]);
    }
  });
});

describe("the Owners tab", () => {
  it("reads a page of owners by name, with their horses, searched by name, e-mail or horse", async () => {
    const h = await createHorse(horse);
    const k = await createHorse({ ...horse, name: "Kongens Ære" });
    for (let i = 0; i < MORE; i++) await createOwner({ horseIds: [h.id], name: `Owner ${String(i).padStart(2, "0")}` });
    await createOwner({ horseIds: [k.id], name: "Åse Ødegård", email: "aase@example.com" });
    type Tab = { owners: { name: string; horses: { name: string }[] }[] };
    const first = await loaded<Tab>(ownersTab.loader, "/admin/owners");
    expect(first.owners).toHaveLength(TAB_PAGE_SIZE);
    expect(first.list).toMatchObject({ page: 1, pages: 2, total: MORE + 1 });
    expect(first.owners[0]).toMatchObject({ name: "Owner 00", horses: [{ name: "Nordlys" }] });
    for (const q of ["kongens", "aase@", "Ødegård"]) {
      const found = await loaded<Tab>(ownersTab.loader, `/admin/owners?q=${encodeURIComponent(q)}`);
      expect(found.owners.map((o) => o.name)).toEqual(["Åse Ødegård"]);
    }
  });
});
