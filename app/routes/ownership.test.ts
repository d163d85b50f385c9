/**
 * The ownership page and the enquiry it starts on the contact page, the horse page's record in
 * search engines' terms, and Home's banner in either language: their loaders against a real database.
 */
import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createHorse } from "~/models/horse.server";
import { saveNews } from "~/models/news.server";
import { danishToday } from "~/racing/race-day";
import * as contact from "./contact";
import * as home from "./home";
import * as horsePage from "./horse";
import * as ownership from "./ownership";

useFreshDatabase();

const args = (path: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${path}`), params, context: {} }) as never;

const horse = { name: "Lykkeper", age: 2, color: "Chestnut", sire: "Night of Thunder", dam: "Firkløver" };

/** A loader's answer, whether it returned its data or threw (a redirect). */
async function answer(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

describe("the ownership page", () => {
  it("lists the horses with shares available, by name, and no other", async () => {
    await createHorse({ ...horse, sharesAvailable: true, sharesText: "25 % available", sharesTextDa: "25 % ledig" });
    await createHorse({ ...horse, name: "Guldsmed", sharesAvailable: true });
    await createHorse({ ...horse, name: "Nordlys" });
    const page = (await ownership.loader()) as { failed: boolean; horses: { name: string; sharesTextDa: string }[] };
    expect(page.failed).toBe(false);
    expect(page.horses.map((h) => h.name)).toEqual(["Guldsmed", "Lykkeper"]);
    expect(page.horses[1]!.sharesTextDa).toBe("25 % ledig");
  });

  it("starts an enquiry on the contact page with the horse named, in the page's language", async () => {
    const offered = await createHorse({ ...horse, sharesAvailable: true });
    const data = (await contact.loader(args(`/da/contact?horse=${offered.slug}`))) as { enquiry: unknown };
    expect(data.enquiry).toEqual({ horse: "Lykkeper" });
    expect(((await contact.loader(args("/contact"))) as { enquiry: unknown }).enquiry).toBeNull();
  });

  it("sends an enquiry about a horse not offered, or no horse at all, to the plain contact form", async () => {
    const kept = await createHorse({ ...horse, name: "Nordlys" });
    for (const query of [`horse=${kept.slug}`, "horse=nobody", "horse=%3Cscript%3E", "horse="]) {
      const thrown = (await answer(() => contact.loader(args(`/da/contact?${query}`)))) as Response;
      expect(thrown.status, query).toBe(302);
      expect(thrown.headers.get("Location"), query).toBe("/da/contact");
    }
  });
});

describe("a horse's page", () => {
  it("describes the horse to search engines in the page's language: age, colour, sex, pedigree, year of birth", async () => {
    const year = Number(danishToday().slice(0, 4));
    const h = await createHorse({
      ...horse,
      name: "Nordlys",
      yearOfBirth: year - 3,
      color: "Bay",
      sex: "colt",
      sire: "Sea The Stars",
      dam: "Frøken Fryd",
      damSire: "Dansili",
      description: "A big, relaxed colt.",
      descriptionDa: "",
    });
    const about = async (path: string) =>
      JSON.parse(((await horsePage.loader(args(path, { slug: h.slug }))) as { about: string }).about);
    expect(await about(`/horses/${h.slug}`)).toMatchObject({
      "@type": "Thing",
      name: "Nordlys",
      url: `http://localhost/horses/${h.slug}`,
      description: `Nordlys, a 3-year-old bay colt by Sea The Stars out of Frøken Fryd (by Dansili), foaled ${year - 3}. A big, relaxed colt.`,
    });
    // No Danish description: the Danish page's data has the facts in Danish and the English words.
    expect((await about(`/da/horses/${h.slug}`)).description).toBe(
      `Nordlys, 3 år, brun hingst, efter Sea The Stars ud af Frøken Fryd (e. Dansili), født ${year - 3}. A big, relaxed colt.`,
    );
  });
});

describe("Home's banner", () => {
  it("carries the text in both languages for the page to choose from", async () => {
    await saveNews("Nordlys wins the Derby!", undefined, "Nordlys vinder Derbyet!");
    const page = (await home.loader(args("/da"))) as { news: unknown };
    expect(page.news).toEqual({ en: "Nordlys wins the Derby!", da: "Nordlys vinder Derbyet!" });
  });
});
