import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { saveContactInfo } from "~/models/contact-info.server";
import { listContactMessages } from "~/models/contact-message.server";
import { updateHorse } from "~/models/horse.server";
import { saveNews } from "~/models/news.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { danishToday } from "~/racing/race-day";
import { test, expect } from "./fixtures";
import {
  animationsFinished,
  expectNoAxeViolations,
  holdRequests,
  inDays,
  navInMenu,
  seedHorse,
  seedTeam,
  seedWinner,
} from "./public-helpers";

// Every page in both languages, some scanned by axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Each public page: its two addresses and its first heading in each language. */
const PAGES = [
  { en: "/", da: "/da", enHeading: "Stald Nordlys", daHeading: "Stald Nordlys", daTitle: /Træningsstald/ },
  { en: "/horses", da: "/da/horses", enHeading: "Horses in Training", daHeading: "Heste i træning", daTitle: /^Heste/ },
  { en: "/winners", da: "/da/winners", enHeading: "Our Winners", daHeading: "Vores vindere", daTitle: /^Vindere/ },
  { en: "/runners", da: "/da/runners", enHeading: "Runners", daHeading: "Starter", daTitle: /^Starter/ },
  { en: "/team", da: "/da/team", enHeading: "The Team", daHeading: "Holdet", daTitle: /^Holdet/ },
  // A Danish address of its own, not the English one under /da.
  { en: "/ownership", da: "/da/ejerskab", enHeading: "Ownership", daHeading: "Ejerskab", daTitle: /^Ejerskab/ },
  { en: "/contact", da: "/da/contact", enHeading: "Contact Us", daHeading: "Kontakt os", daTitle: /^Kontakt/ },
];

const DANISH_LABELS = { name: "Dit navn", email: "Din e-mailadresse", message: "Besked" } as const;

const isPhone = navInMenu;

/** The language switch the visitor sees: in the bar on wide screens, in the opened menu on phones. */
async function languageSwitch(page: Page, navName: string, menuName: string, linkName: string) {
  const nav = page.getByRole("navigation", { name: navName });
  if (isPhone(page)) await nav.getByText(menuName, { exact: true }).click();
  return nav.getByRole("link", { name: linkName, exact: true }).filter({ visible: true });
}

/** `<html lang>` and the hreflang alternates every public page carries. */
async function expectLanguage(page: Page, lang: "en" | "da", paths: { en: string; da: string }, origin: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  const alternate = (hreflang: string) => page.locator(`head link[rel="alternate"][hreflang="${hreflang}"]`);
  await expect(alternate("en")).toHaveAttribute("href", `${origin}${paths.en}`);
  await expect(alternate("da")).toHaveAttribute("href", `${origin}${paths.da}`);
  await expect(alternate("x-default")).toHaveAttribute("href", `${origin}${paths.en}`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${origin}${paths[lang]}`);
}

test("every Danish page is in Danish and switches to its English page and back", async ({ page, app }) => {
  for (const p of PAGES) {
    await test.step(p.da, async () => {
      await page.goto(p.da);
      await expectLanguage(page, "da", p, app.url);
      await expect(page).toHaveTitle(p.daTitle);
      await expect(page.getByRole("heading", { level: 1, name: p.daHeading })).toBeVisible();
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "da_DK");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Log ind" })).toBeVisible();

      const toEnglish = await languageSwitch(page, "Hovedmenu", "Menu", "English");
      await expect(toEnglish).toHaveAttribute("hreflang", "en");
      await toEnglish.click();
      await expect(page).toHaveURL(`${app.url}${p.en}`);
      await expectLanguage(page, "en", p, app.url);
      await expect(page.getByRole("heading", { level: 1, name: p.enHeading })).toBeVisible();

      await (await languageSwitch(page, "Main", "Menu", "Dansk")).click();
      await expect(page).toHaveURL(`${app.url}${p.da}`);
      await expectLanguage(page, "da", p, app.url);
      await expect(page.getByRole("heading", { level: 1, name: p.daHeading })).toBeVisible();
    });
  }
});

test("the Danish navigation links stay in Danish, and the current page is marked", async ({ page }) => {
  await page.goto("/da/winners");
  const nav = page.getByRole("navigation", { name: "Hovedmenu" });
  if (isPhone(page)) await nav.getByText("Menu", { exact: true }).click();
  const link = (name: string) => nav.getByRole("link", { name, exact: true }).filter({ visible: true });
  await expect(link("Vindere")).toHaveAttribute("aria-current", "page");
  for (const [name, href] of [
    ["Forside", "/da"],
    ["Heste", "/da/horses"],
    ["Starter", "/da/runners"],
    ["Holdet", "/da/team"],
    ["Ejerskab", "/da/ejerskab"],
    ["Kontakt", "/da/contact"],
  ]) {
    await expect(link(name!)).toHaveAttribute("href", href!);
  }
  await link("Heste").click();
  await expect(page).toHaveURL(/\/da\/horses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Heste i træning" })).toBeVisible();
  await expect(page.getByText("Der er endnu ingen heste i træning. Tilføj heste i administrationen.")).toBeVisible();
});

test(
  "pages without a Danish version have no switch; English pages say lang=en",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/auth/setup");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Dansk", exact: true })).toHaveCount(0);
    await expect(page.locator('head link[rel="alternate"]')).toHaveCount(0);
    // The sign-in page has one: /da/auth (decision 0242).
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Dansk", exact: true }).first()).toHaveAttribute("href", "/da/auth");
  },
);

test(
  "content shows as typed, with Danish labels, fallbacks and default texts",
  { tag: "@any-width" },
  async ({ page }) => {
    const horse = await seedHorse();
    await seedWinner(horse.id, { track: null, jockey: null, prizeOre: 12_345_600 });
    await seedTeam({ name: "Jonas Berg", role: "Staldmester", description: null });
    await saveNews("Nordlys vandt Dansk Derby!");

    await page.goto("/da");
    await expect(page.getByRole("region", { name: "Seneste nyt" })).toContainText("Nordlys vandt Dansk Derby!");
    await expect(page.getByRole("link", { name: "Mød vores heste" })).toHaveAttribute("href", "/da/horses");
    await expect(page.getByRole("link", { name: "Læs mere om Et erfarent hold" })).toHaveAttribute("href", "/da/team");

    await page.goto("/da/horses");
    const card = page.getByRole("article").filter({ hasText: "Nordlys" });
    // A colour racing has a word for is named in the page's language.
    await expect(card).toContainText("4 år · Brun");
    await expect(card).toContainText("FarSea The Stars");
    await expect(card).toContainText("MorFrøken Fryd");
    await expect(card).toContainText("EjerStald Øresund");
    await expect(card.getByRole("list", { name: "Placeringer" })).toContainText("Sejre: 3");

    await page.goto("/da/winners");
    const winner = page.getByRole("article").filter({ hasText: "Dansk Derby" });
    await expect(winner).toContainText("BaneUkendt bane");
    await expect(winner).toContainText("Dato2.8.2026");
    await expect(winner).toContainText("JockeyUkendt jockey");
    await expect(winner).toContainText(/Præmie123\.456,00\s*kr\./);

    await page.goto("/da/team");
    const member = page.getByRole("article").filter({ hasText: "Jonas Berg" });
    await expect(member).toContainText("Staldmester");
    await expect(member).toContainText("Erfaren fagperson med hjertet i galopsporten.");
    // The English page keeps the specification's default text.
    await page.goto("/team");
    await expect(page.getByRole("article").filter({ hasText: "Jonas Berg" })).toContainText(
      "Experienced professional dedicated to excellence in horse racing.",
    );
  },
);

test("empty and error states are in Danish", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/da/winners");
  await expect(page.getByText("Der er endnu ingen vindere. Tilføj vindere i administrationen.")).toBeVisible();
  await page.goto("/da/team");
  await expect(page.getByText("Her kan du snart møde holdet bag hestene.")).toBeVisible();
  await page.goto("/da/contact");
  await expect(
    page
      .getByRole("region", { name: "Kontaktoplysninger" })
      .getByText("Kontaktoplysningerne kommer her, så snart stalden har lagt dem ind."),
  ).toBeVisible();
});

// Client-side visits happen in the React app, which public pages get for signed-in visitors (decision 0120).
test("loading states during a client-side visit are in the destination's language", async ({ adminPage: page }) => {
  await page.goto("/da");
  const release = await holdRequests(page, /\/da\/horses\.data/);
  const nav = page.getByRole("navigation", { name: "Hovedmenu" });
  if (isPhone(page)) await nav.getByText("Menu", { exact: true }).click();
  await nav.getByRole("link", { name: "Heste", exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole("status")).toHaveText("Henter hestene ...");
  release();
  await expect(page.getByText("Der er endnu ingen heste i træning.", { exact: false })).toBeVisible();
});

test(
  "both languages come from the page cache and a save empties both at once",
  { tag: "@any-width" },
  async ({ request }) => {
    await seedHorse({ name: "Kongens Ære" });
    for (const p of ["/horses", "/da/horses", "/da/runners", "/da/horses/kongens-aere"]) {
      await request.get(p);
      expect((await request.get(p)).headers()["x-cache"], p).toBe("HIT");
    }
    // Written by this test process straight into the site's database, as another instance would.
    await seedHorse({ name: "Morgenrøde" });
    for (const p of ["/horses", "/da/horses"]) {
      const after = await request.get(p);
      expect(after.headers()["x-cache"], p).toBe("MISS");
      expect(await after.text(), p).toContain("Morgenrøde");
    }
  },
);

test("the sitemap lists the Danish pages", { tag: "@any-width" }, async ({ request, app }) => {
  await seedHorse({ name: "Kongens Ære" });
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const p of [...PAGES, { en: "/horses/kongens-aere", da: "/da/horses/kongens-aere" }]) {
    expect(sitemap).toContain(`<loc>${app.url}${p.en}</loc>`);
    expect(sitemap).toContain(`<loc>${app.url}${p.da}</loc>`);
  }
});

/** Days from today in Denmark, as YYYY-MM-DD. */
/** A horse with a runner to come, a win and a race it did not finish. */
async function seedRunners() {
  const horse = await seedHorse({ name: "Kongens Ære" });
  await createRunner({ horseId: horse.id, raceName: "Grand Prix", raceDate: inDays(5), track: "Klampenborg" });
  const won = await createRunner({ horseId: horse.id, raceName: "Derby", raceDate: inDays(-10), jockey: "Sofie Lund" });
  await recordResult(won.id, { position: 1, didNotFinish: false, prizeOre: 50_000_00 }, danishToday());
  const dnf = await createRunner({ horseId: horse.id, raceName: "Stayers", raceDate: inDays(-20) });
  await recordResult(dnf.id, { position: null, didNotFinish: true, prizeOre: null }, danishToday());
  return horse;
}

test("the runners, a horse's page and Home's next runners are in Danish", async ({ page, app }) => {
  await seedRunners();
  await page.goto("/da");
  const next = page.getByRole("region", { name: "Næste starter" });
  await expect(next.getByRole("cell", { name: "Grand Prix" })).toBeVisible();
  await expect(next.getByRole("columnheader", { name: "Starttid" })).toBeVisible();
  await expect(next.getByRole("cell", { name: "Oplyses senere" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Alle starter og resultater" })).toHaveAttribute("href", "/da/runners");

  await page.goto("/da/runners");
  await expect(page.getByRole("heading", { level: 2, name: "Kommende starter" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Føj til kalender" })).toHaveAttribute("href", "/runners.ics");
  const results = page.getByRole("group", { name: "Seneste resultater" });
  await expect(results.getByRole("columnheader", { name: "Placering" })).toBeVisible();
  await expect(results.getByRole("row").filter({ hasText: "Derby" })).toContainText("1.");
  await expect(results.getByRole("row").filter({ hasText: "Derby" })).not.toContainText("1st");
  await expect(results.getByRole("row").filter({ hasText: "Stayers" })).toContainText("Fuldførte ikke");
  await expect(results.getByRole("row").filter({ hasText: "Stayers" })).toContainText("Ukendt jockey");

  await page.getByRole("group", { name: "Kommende starter" }).getByRole("link", { name: "Kongens Ære" }).click();
  await expect(page).toHaveURL(`${app.url}/da/horses/kongens-aere`);
  const paths = { en: "/horses/kongens-aere", da: "/da/horses/kongens-aere" };
  await expectLanguage(page, "da", paths, app.url);
  await expect(page).toHaveTitle(/^Kongens Ære \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /efter Sea The Stars ud af Frøken Fryd/,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Kongens Ære" })).toBeVisible();
  await expect(page.getByText("Afstamning")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Næste starter" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Løbshistorik" })).toBeVisible();
  for (const [label, value] of [
    ["Starter", /^2$/],
    ["Sejre", /^1$/],
    ["Placeringer", /^0$/],
    ["Sejrsprocent", /^50\s%$/],
  ] as const) {
    await expect(page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd")).toHaveText(value);
  }
  const record = page.getByRole("group", { name: "Løbshistorik for Kongens Ære" });
  await expect(record.getByRole("row").filter({ hasText: "Derby" })).toContainText("1.");
  await expect(page.getByRole("link", { name: "Alle heste" })).toHaveAttribute("href", "/da/horses");

  await (await languageSwitch(page, "Hovedmenu", "Menu", "English")).click();
  await expect(page).toHaveURL(`${app.url}/horses/kongens-aere`);
  await expectLanguage(page, "en", paths, app.url);
  await expect(page.getByRole("heading", { level: 2, name: "Race Record" })).toBeVisible();
  await expect(page.getByText("Strike Rate")).toBeVisible();
  await expect(page.getByRole("group", { name: "Race record of Kongens Ære" })).toContainText("1st");
  await (await languageSwitch(page, "Main", "Menu", "Dansk")).click();
  await expect(page).toHaveURL(`${app.url}/da/horses/kongens-aere`);
  await expect(page.getByRole("heading", { level: 2, name: "Løbshistorik" })).toBeVisible();
});

test(
  "a renamed horse's old Danish address moves to its new one; an unknown horse is a Danish 404",
  { tag: "@any-width" },
  async ({ page }) => {
    const horse = await seedHorse({ name: "Kongens Ære" });
    await updateHorse(horse.id, {
      name: "Nordlys",
      age: 4,
      color: "Bay",
      sire: "Sea The Stars",
      dam: "Frøken Fryd",
      prizeDeltaOre: 0,
      firstPlaces: 0,
      secondPlaces: 0,
      thirdPlaces: 0,
      owner: null,
    });
    const moved = await page.request.get("/da/horses/kongens-aere", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe("/da/horses/nordlys");
    const english = await page.request.get("/horses/kongens-aere", { maxRedirects: 0 });
    expect(english.headers()["location"]).toBe("/horses/nordlys");

    const missing = await page.goto("/da/horses/ingen-hest");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "da");
    await expect(page).toHaveTitle("Siden findes ikke");
    await expect(page.getByText("Ups! Siden findes ikke")).toBeVisible();
    await expect(page.getByRole("link", { name: "Tilbage til forsiden" })).toHaveAttribute("href", "/da");
  },
);

test("the runners page's empty state is in Danish", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/da/runners");
  await expect(page.getByText("Der er endnu ingen anmeldte starter. Kig forbi igen snart.")).toBeVisible();
  await expect(page.getByText("Der er endnu ingen resultater.")).toBeVisible();
});

test(
  "no redirect by Accept-Language: each address gets the language it names",
  { tag: "@any-width" },
  async ({ request }) => {
    const english = await request.get("/horses", { headers: { "Accept-Language": "da-DK,da;q=0.9" }, maxRedirects: 0 });
    expect(english.status()).toBe(200);
    expect(await english.text()).toContain('<html lang="en"');
    const danish = await request.get("/da/horses", { headers: { "Accept-Language": "en-GB" }, maxRedirects: 0 });
    expect(danish.status()).toBe(200);
    expect(await danish.text()).toContain('<html lang="da"');
  },
);

test.describe("the contact form in Danish", () => {
  test.use({ appEnv: { CONTACT_MIN_FILL_MS: "0", CONTACT_TO: "office@stald.example", CONTACT_RATE_LIMIT: "50" } });

  async function fill(page: Page, values: { name: string; email: string; message: string }) {
    for (const field of ["name", "email", "message"] as const) {
      await page.getByLabel(DANISH_LABELS[field], { exact: true }).fill(values[field]);
    }
  }

  test(
    "with JavaScript: Danish validation messages, then the message is confirmed, stored and e-mailed",
    { tag: "@any-width" },
    async ({ page, app }) => {
      await page.goto("/da/contact");
      const form = page.getByRole("region", { name: "Send os en besked" });
      await expect(form.getByText("0/2000")).toBeVisible();
      await fill(page, { name: "   ", email: "anne@localhost", message: "kort" });
      await page.getByRole("button", { name: "Send besked" }).click();
      const toasts = page.getByRole("region", { name: /Beskeder/ }).getByRole("listitem");
      await expect(toasts.filter({ hasText: "Tjek formularen" })).toContainText("Skriv dit navn");
      await expect(page.getByLabel("Dit navn")).toHaveAccessibleDescription("Skriv dit navn");
      await expect(page.getByLabel("Din e-mailadresse")).toHaveAccessibleDescription("Skriv en gyldig e-mailadresse");
      await expect(page.getByLabel("Besked", { exact: true })).toHaveAccessibleDescription(
        /Beskeden skal være på mindst 10 tegn/,
      );
      expect(await listContactMessages()).toEqual([]);

      await fill(page, { name: "Anne Jensen", email: "anne@example.com", message: "Må vi komme forbi stalden?" });
      await page.getByRole("button", { name: "Send besked" }).click();
      await expect(toasts.filter({ hasText: "Tak for din besked!" })).toContainText(
        "Vi har modtaget din besked og vender tilbage hurtigst muligt.",
      );
      await expect(page.getByLabel("Dit navn")).toHaveValue("");
      expect(await listContactMessages()).toMatchObject([
        { name: "Anne Jensen", message: "Må vi komme forbi stalden?" },
      ]);
      // Delivered by the queue like any other message (no SMTP server: written to DATA_DIR/mail).
      const mailDir = path.join(app.dataDir, "mail");
      await expect
        .poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0), { timeout: 10_000 })
        .toBe(1);
      const mail = fs.readFileSync(path.join(mailDir, fs.readdirSync(mailDir)[0]!), "utf8");
      expect(mail).toContain("To: office@stald.example");
      expect(mail).toContain("Reply-To: anne@example.com");
    },
  );

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test(
      "Danish messages come back beside the fields, and a valid message is confirmed in Danish",
      { tag: "@any-width" },
      async ({ page }) => {
        await page.goto("/da/contact");
        // Nine characters once trimmed: long enough for the browser's own check, too short for the schema.
        await fill(page, { name: "Anne Jensen", email: "anne@example.com", message: "   123456789   " });
        await page.getByRole("button", { name: "Send besked" }).click();
        await expect(page).toHaveURL(/\/da\/contact$/);
        await expect(page.getByRole("alert")).toContainText("Tjek formularenBeskeden skal være på mindst 10 tegn");
        await expect(page.getByLabel("Besked", { exact: true })).toHaveAccessibleDescription(
          /Beskeden skal være på mindst 10 tegn/,
        );
        await expect(page.getByLabel("Dit navn")).toHaveValue("Anne Jensen");

        await page.getByLabel("Besked", { exact: true }).fill("Har I plads til en toårig?");
        await page.getByRole("button", { name: "Send besked" }).click();
        await expect(page.getByRole("status")).toContainText(
          "Tak for din besked!Vi har modtaget din besked og vender tilbage hurtigst muligt.",
        );
        await expect(page.getByLabel("Dit navn")).toHaveValue("");
        expect(await listContactMessages()).toMatchObject([{ message: "Har I plads til en toårig?" }]);
      },
    );
  });
});

// At desktop width only: the same pages are scanned at phone width in English (accessibility.spec.ts),
// and the language changes their words, not their structure.
test("the Danish pages have no detectable accessibility violations", { tag: "@desktop" }, async ({ page }) => {
  const horse = await seedHorse();
  await seedWinner(horse.id);
  await seedTeam({ name: "Mette Holm", role: "Cheftræner", description: "Tredive år med fuldblodsheste." });
  await saveContactInfo({
    address: "Strandvejen 1\n2930 Klampenborg",
    phoneNumber: "+45 70 20 30 40",
    emailAddress: "",
  });
  await seedRunners();
  for (const p of [...PAGES.map((x) => x.da), "/da/horses/kongens-aere", "/da/horses/ingen-hest", "/da/ingen-side"]) {
    await page.goto(p);
    await test.step(`axe: ${p}`, () => expectNoAxeViolations(page));
  }
  // With the form's errors showing.
  await page.goto("/da/contact");
  await page.getByRole("button", { name: "Send besked" }).click();
  await expect(page.getByLabel("Dit navn")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("region", { name: /Beskeder/ }).getByText("Tjek formularen")).toBeVisible();
  await animationsFinished(page);
  await expectNoAxeViolations(page);
});
