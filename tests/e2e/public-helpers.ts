import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { sql } from "kysely";
import type { Page } from "@playwright/test";
import { photoJpeg } from "@tests/images";
import { expect } from "./fixtures";
import type { TestSite } from "./shared-server";
import { createHorse, type NewHorse } from "~/models/horse.server";
import { createTeamMember } from "~/models/team-member.server";
import { createWinner, type NewWinner } from "~/models/winner.server";
import { db } from "~/platform/db.server";
import { danishToday } from "~/racing/race-day";
import { storeImage } from "~/media/images.server";
import { LocalDiskStorage, SiteMediaStorage, type Bucket } from "~/media/storage.server";

/** The Danish date `days` from today (negative: before), as the race forms take it. */
export function inDays(days: number) {
  const [y, m, d] = danishToday().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Stores a generated photo in the running site's media storage (`private`: its private photos'), as an upload would be. */
export async function storeTestImage(
  app: TestSite,
  bucket: Bucket,
  width = 640,
  height = 480,
  options: { socialCard?: boolean; private?: boolean } = {},
) {
  const file = path.join(os.tmpdir(), `public-test-${crypto.randomUUID()}.jpg`);
  await fs.writeFile(file, await photoJpeg(width, height));
  try {
    return await storeImage(
      bucket,
      { path: file },
      {
        ...options,
        storage: new SiteMediaStorage(
          new LocalDiskStorage(path.join(app.dataDir, "media")),
          new LocalDiskStorage(path.join(app.dataDir, "private-media")),
        ),
      },
    );
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** An image that the site serves from public/, with its real size. */
export const TEST_IMAGE = { url: "/logo.svg", width: 64, height: 64 };

export const HORSE: NewHorse = {
  name: "Nordlys",
  age: 4,
  color: "Bay",
  sire: "Sea The Stars",
  dam: "Frøken Fryd",
  owner: "Stald Øresund",
  image: TEST_IMAGE,
  firstPlaces: 3,
  secondPlaces: 2,
  thirdPlaces: 1,
};

export async function seedHorse(values: Partial<NewHorse> = {}) {
  return createHorse({ ...HORSE, ...values });
}

export async function seedWinner(horseId: string, values: Partial<NewWinner> = {}) {
  return createWinner({ horseId, raceName: "Dansk Derby", raceDate: "2026-08-02", ...values });
}

export async function seedTeam(...members: { name: string; role: string; description?: string | null }[]) {
  for (const member of members) await createTeamMember(member);
}

/** Makes every read of the table fail, as a broken database would, without stopping the server. */
export async function breakTable(table: "horses" | "winners" | "team_members" | "latest_news") {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_gone`)}`.execute(db());
}

/** The header and footer every page keeps, whatever state its content is in. */
export async function expectLayout(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
}

/**
 * Runs axe on the page as it is and fails on any violation. Only violations are gathered: axe then
 * skips describing the nodes that pass, most of a scan's time on a long page.
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

/** Holds requests matching the pattern until release() is called (to watch a loading state). */
export async function holdRequests(page: Page, pattern: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Opens a page of the React app (the sign-in page), ready. Public pages arrive as plain HTML
 * (decision 0120); a client-side visit to one starts in the app.
 */
export async function openReactApp(page: Page) {
  await page.goto("/auth");
}

/** Below this width the header's links are in its menu (the site header's `lg` breakpoint). */
const NAV_BAR_FROM = 1024;

/** Whether the header's links sit in its menu (phones and tablets) rather than in the bar. */
export function navInMenu(page: Page) {
  return page.viewportSize()!.width < NAV_BAR_FROM;
}

/** Follows a link of the main navigation, through the menu on phones. */
export async function clickNavLink(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = nav.getByRole("link", { name, exact: true });
  if (!(await link.first().isVisible())) await nav.getByText("Menu", { exact: true }).click();
  await link.filter({ visible: true }).click();
}

/**
 * Waits until the page's finite animations and transitions have run (a toast sliding in): until
 * then its colours are not the final ones.
 */
export async function animationsFinished(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
