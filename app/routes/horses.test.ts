/**
 * /horses a page at a time against a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * every horse in training on its pages, newest first, the spec's card and empty text on the first
 * page, page links only when there is more than one page, and 404 for a page that is not there.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { loaderAnswerAt } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { createHorse, type Horse } from "~/models/horse.server";
import { db } from "~/platform/db.server";
import * as horsesPage from "./horses";

useFreshDatabase();

type Found = { state: "found"; horses: Horse[]; page: number; pages: number };

const load = (path: string) => loaderAnswerAt<Found | { state: "missing" }>(horsesPage.loader, path);

function render(path: string, data: unknown) {
  const Page = horsesPage.default as unknown as () => null;
  const Stub = createRoutesStub([
    { path: "/horses", Component: Page, loader: () => data, HydrateFallback: () => null },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { 0: data } } }));
}

/** `count` horses named Horse 1 … Horse count, created a second apart (Horse count is the newest). */
async function stable(count: number) {
  for (let i = 1; i <= count; i++) {
    const horse = await createHorse({ name: `Horse ${i}`, age: 3, color: "Bay", sire: "Sire", dam: "Dam" });
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    await db().updateTable("horses").set({ created_at: createdAt }).where("id", "=", horse.id).execute();
  }
}

describe("/horses", () => {
  it("shows the spec's empty text and no page links without horses", async () => {
    const { status, data } = await load("/horses");
    expect(status).toBe(200);
    expect(data).toEqual({ state: "found", horses: [], page: 1, pages: 1 });
    const html = render("/horses", data);
    expect(html).toContain("No horses in training yet. Add some horses in the admin panel.");
    expect(html).not.toContain("Pages of horses");
  });

  it("lists every horse a page at a time, newest first, with links between the pages", async () => {
    const per = horsesPage.HORSES_PER_PAGE;
    await stable(per + 3);
    const first = await load("/horses");
    expect(first.status).toBe(200);
    const firstPage = first.data as Found;
    expect(firstPage).toMatchObject({ page: 1, pages: 2 });
    expect(firstPage.horses.map((h) => h.name)).toEqual(Array.from({ length: per }, (_, i) => `Horse ${per + 3 - i}`));
    const second = (await load("/horses?page=2")).data as Found;
    expect(second.horses.map((h) => h.name)).toEqual(["Horse 3", "Horse 2", "Horse 1"]);

    const html = render("/horses", firstPage);
    expect(html).toContain('aria-label="Pages of horses"');
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain('href="/horses?page=2"');
    expect(html).toContain(`Horse ${per + 3}`);
    expect(html).not.toContain(">Horse 3<");
    const last = render("/horses?page=2", second);
    expect(last).toContain('href="/horses"');
    expect(last).not.toContain('rel="next"');
  });

  it.each(["/horses?page=3", "/horses?page=0", "/horses?page=01", "/horses?page=x", "/horses?page=1&page=2"])(
    "answers %s with 404",
    async (path) => {
      await stable(2);
      const { status, data } = await load(path);
      expect(status).toBe(404);
      expect(data).toEqual({ state: "missing" });
    },
  );
});
