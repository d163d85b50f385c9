import { createPost } from "~/models/post.server";
import { createTeamMember } from "~/models/team-member.server";
import { saveNews } from "~/models/news.server";
import { listHomeImages, updateHomeImage } from "~/models/home-image.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { formatDay, formatDayOf } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { test, expect } from "./fixtures";
import { inDays, seedHorse, seedTeam, TEST_IMAGE } from "./public-helpers";

// Several pages in two languages.
test.describe.configure({ timeout: 90_000 });

const PUBLISHED = "2026-11-26T09:00:00.000Z";

/** Content given in both languages, and some in one only. */
async function seedBilingual() {
  const year = Number(danishToday().slice(0, 4));
  const horse = await seedHorse({
    yearOfBirth: year - 3,
    sex: "colt",
    damSire: "Dansili",
    description: "A big, relaxed colt.",
    descriptionDa: "En stor, rolig hingst.",
  });
  await seedHorse({ name: "Sølvpil", color: "Grey", sex: "mare", description: "Our senior mare." });
  const ran = await createRunner({ horseId: horse.id, raceName: "Dansk Derby", raceDate: inDays(-3) });
  await recordResult(ran.id, { position: 1, didNotFinish: false, prizeOre: null }, danishToday());
  await seedTeam({ name: "Henrik Lauritsen", role: "Head Trainer", description: "Plans every season." });
  await createTeamMember({
    name: "Maja Thomsen",
    role: "Assistant Trainer",
    roleDa: "Assistenttræner",
    descriptionDa: "Rider ud hver morgen.",
  });
  await saveNews("Nordlys wins the Derby!", undefined, "Nordlys vinder Derbyet!");
  const [first] = await listHomeImages();
  await updateHomeImage(first!.id, { altText: "Morning gallop", altTextDa: "Morgengalop", image: TEST_IMAGE });
  await createPost({
    title: "Nordlys wins the Derby",
    titleDa: "Nordlys vinder Derbyet",
    body: "What a **day**.",
    bodyDa: "Sikken en **dag**.",
    video: null,
    publishAt: PUBLISHED,
    draft: false,
    horseIds: [horse.id],
    photos: [
      { position: 1, image: TEST_IMAGE, description: "In the winner's circle", descriptionDa: "I vindercirklen" },
    ],
  });
  await createPost({
    title: "A new barn",
    body: "Twelve boxes.",
    video: null,
    publishAt: "2026-11-20T09:00:00.000Z",
    draft: false,
    horseIds: [],
    photos: [],
  });
  return { horse, raced: inDays(-3) };
}

test("an English page shows English dates; a Danish page Danish text for every field given in Danish, the rest marked", async ({
  page,
}) => {
  const { raced } = await seedBilingual();

  await test.step("English pages: English text and dates", async () => {
    await page.goto("/news");
    const derby = page.getByRole("listitem").filter({ hasText: "Nordlys wins the Derby" });
    await expect(derby.locator("time")).toHaveText(formatDayOf(PUBLISHED, "en"));
    await expect(derby.locator("time")).toHaveText("26 November 2026");
    await page.goto("/horses/nordlys");
    await expect(page.getByText("3 years old · Bay · colt")).toBeVisible();
    await expect(page.getByText("A big, relaxed colt.")).toBeVisible();
    await expect(page.getByRole("group", { name: "Race record of Nordlys" })).toContainText(formatDay(raced, "en"));
    await expect(page.getByRole("link", { name: "Add Nordlys' runs to your calendar" })).toBeVisible();
  });

  await test.step("Danish Home: the banner and the gallery's description in Danish", async () => {
    await page.goto("/da");
    const banner = page.getByRole("region", { name: "Seneste nyt" });
    await expect(banner).toContainText("Nordlys vinder Derbyet!");
    await expect(banner.getByText("Nordlys vinder Derbyet!")).not.toHaveAttribute("lang");
    await expect(page.getByRole("img", { name: "Morgengalop" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nordlys vinder Derbyet" })).toBeVisible();
  });

  await test.step("Danish news: the Danish post and its date; the English-only one marked English", async () => {
    await page.goto("/da/news");
    const derby = page.getByRole("listitem").filter({ hasText: "Nordlys vinder Derbyet" });
    await expect(derby.locator("time")).toHaveText("26. november 2026");
    await expect(derby.getByRole("heading")).not.toHaveAttribute("lang");
    const barn = page.getByRole("heading", { name: "A new barn" });
    await expect(barn).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "Nordlys vinder Derbyet" }).click();
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1, name: "Nordlys vinder Derbyet" })).toBeVisible();
    await expect(article.locator("strong", { hasText: "dag" })).toBeVisible();
    await expect(article.getByRole("img", { name: "I vindercirklen" })).toBeVisible();
    await expect(article.getByText("I vindercirklen")).toBeVisible();
  });

  await test.step("Danish horses: colour and sex in Danish, the description in Danish, the possessive right", async () => {
    await page.goto("/da/horses");
    await expect(page.getByRole("article").filter({ hasText: "Nordlys" })).toContainText("3 år · Brun · hingst");
    await expect(page.getByRole("article").filter({ hasText: "Sølvpil" })).toContainText("4 år · Skimmel · hoppe");
    await page.goto("/da/horses/nordlys");
    await expect(page.getByText("En stor, rolig hingst.")).toBeVisible();
    await expect(page.getByText("A big, relaxed colt.")).toHaveCount(0);
    await expect(page.locator("dt", { hasText: /^Morfar$/ }).locator("+ dd")).toHaveText("Dansili");
    await expect(page.getByRole("link", { name: "Føj Nordlys' starter til din kalender" })).toBeVisible();
    await page.goto("/da/horses/soelvpil");
    // Given in English only: shown, marked as English.
    await expect(page.locator('main [lang="en"]').getByText("Our senior mare.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Føj Sølvpils starter til din kalender" })).toBeVisible();
  });

  await test.step("Danish team: the Danish role and description; the English ones marked where no Danish is given", async () => {
    await page.goto("/da/team");
    const maja = page.getByRole("article").filter({ hasText: "Maja Thomsen" });
    await expect(maja.getByText("Assistenttræner")).not.toHaveAttribute("lang");
    await expect(maja.getByText("Rider ud hver morgen.")).toBeVisible();
    const henrik = page.getByRole("article").filter({ hasText: "Henrik Lauritsen" });
    await expect(henrik.getByText("Head Trainer")).toHaveAttribute("lang", "en");
    await expect(henrik.getByText("Plans every season.")).toHaveAttribute("lang", "en");
  });
});
