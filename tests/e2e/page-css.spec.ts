import type { Page } from "@playwright/test";
import { saveContactInfo } from "~/models/contact-info.server";
import { saveNews } from "~/models/news.server";
import { createPost } from "~/models/post.server";
import { createRunner, declareRunner, withdrawRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { test, expect } from "./fixtures";
import { inDays, seedHorse, seedTeam, seedWinner, storeTestImage } from "./public-helpers";

/**
 * A plain page carries only the styles it can use (app/islands/page-css.server.ts): every element,
 * and its ::before and ::after, must look exactly as it does with the whole stylesheet, at both
 * widths, with everything the pages can show, including what the page's script adds (a toast).
 */

/** Each element's computed style with the page's own stylesheet, then with the whole one; what differs. */
async function differences(page: Page, wholeCss: string) {
  return page.evaluate((css) => {
    const all = (style: CSSStyleDeclaration) => [...style].map((p) => `${p}:${style.getPropertyValue(p)}`).join(";");
    // A pseudo-element without content is not drawn: its other properties count only when it is.
    const pseudo = (el: Element, which: string) => {
      const style = getComputedStyle(el, which);
      const content = style.getPropertyValue("content");
      return content === "none" || content === "normal" ? `content:${content}` : all(style);
    };
    const snapshot = () =>
      [...document.querySelectorAll("body, body *")].map((el) =>
        [all(getComputedStyle(el)), pseudo(el, "::before"), pseudo(el, "::after")].join("|"),
      );
    const own = document.querySelector('style[data-href="site-css-page"]');
    if (!own) return ["the page has no stylesheet of its own"];
    const before = snapshot();
    own.textContent = css;
    const after = snapshot();
    const elements = [...document.querySelectorAll("body, body *")];
    return before.flatMap((style, i) => {
      if (style === after[i]) return [];
      const a = style.split(/[;|]/);
      const b = new Set(after[i]!.split(/[;|]/));
      const el = elements[i]!;
      return [
        `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">: ${a
          .filter((d) => !b.has(d))
          .slice(0, 3)
          .join("; ")}`,
      ];
    });
  }, wholeCss);
}

test("a plain page's own stylesheet styles every element as the whole stylesheet does", async ({
  page,
  app,
  request,
}) => {
  test.setTimeout(120_000);
  const photo = await storeTestImage(app, "horse-images", 1200, 800, { socialCard: true });
  const horse = await seedHorse({ image: photo });
  await seedHorse({ name: "Skovbrynet", owner: null, image: null });
  await seedWinner(horse.id, { photo: await storeTestImage(app, "winner-photos") });
  await seedWinner(horse.id, { raceName: "Jydsk Grand Prix", track: null, jockey: null, prizeOre: null });
  await createRunner({
    horseId: horse.id,
    raceName: "Skandinavisk Grand Prix",
    raceDate: inDays(20),
    postTime: "15:30",
  });
  const declared = await createRunner({ horseId: horse.id, raceName: "Jydsk Sprint", raceDate: inDays(2) });
  await declareRunner(declared.id, { jockey: "Sofie Lund", weightG: 57_500, draw: 4, equipment: ["blinkers"] });
  const withdrawn = await createRunner({ horseId: horse.id, raceName: "Efterårsløbet", raceDate: inDays(9) });
  await withdrawRunner(withdrawn.id, null);
  const ran = await createRunner({
    horseId: horse.id,
    raceName: "Aarhus Sprint",
    raceDate: inDays(-3),
    track: "Aarhus",
  });
  await recordResult(ran.id, { position: 1, didNotFinish: false, prizeOre: 20_000_00 }, inDays(-3));
  await seedTeam({ name: "Mette Holm", role: "Head Trainer", description: "Thirty years with thoroughbreds." });
  await saveNews("Nordlys won the Dansk Derby!");
  await saveContactInfo({
    address: "Strandvejen 1\n2930 Klampenborg",
    phoneNumber: "+45 70 20 30 40",
    emailAddress: "stald@example.dk",
  });
  const post = await createPost({
    title: "Nordlys wins",
    body: "## The race\n\nA **fine** run with [photos](https://example.com).\n\n- first\n- second",
    video: { provider: "youtube", id: "dQw4w9WgXcQ" },
    publishAt: new Date(Date.now() - 60_000).toISOString(),
    draft: false,
    horseIds: [horse.id],
    photos: [{ position: 1, image: await storeTestImage(app, "post-photos"), description: "At the finish" }],
  } as Parameters<typeof createPost>[0]);

  // The sign-in page is the React app, which keeps the whole stylesheet.
  const auth = await (await request.get("/auth")).text();
  const wholeCss = auth.match(/<style[^>]*data-href="site-css"[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? "";
  expect(wholeCss.length).toBeGreaterThan(10_000);

  for (const path of [
    "/",
    "/da",
    "/horses",
    "/horses/nordlys",
    "/winners",
    "/runners",
    "/team",
    "/contact",
    "/news",
    `/news/${post.slug}`,
    "/no-such-page",
  ]) {
    await page.goto(path);
    const own = await page.locator('style[data-href="site-css-page"]').textContent();
    expect(own!.length, `${path} carries less than the whole stylesheet`).toBeLessThan(wholeCss.length);
    expect(await differences(page, wholeCss), path).toEqual([]);
  }

  // What the script adds: a toast in the live region.
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Validation Error")).toBeVisible();
  expect(await differences(page, wholeCss), "/contact with a toast").toEqual([]);
});
