import { describe, expect, it } from "vitest";
import { da } from "./da";
import { interpolate, isMessageKey, translator } from "./dictionary";
import { en } from "./en";
import { langFromPath, unprefixedPath } from "./lang";
import { pathTo } from "~/pages/registry";
import { localResultText } from "./results";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:'s)?\}/g)].map((m) => m[1]).sort();

describe("the dictionaries", () => {
  it("have exactly the same keys in both languages", () => {
    expect(Object.keys(da).sort()).toEqual(Object.keys(en).sort());
  });

  it("have no empty text, and each Danish text takes the values its English one takes", () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim(), key).not.toBe("");
      expect(da[key].trim(), key).not.toBe("");
      expect(placeholders(da[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("keep the specification's English texts", () => {
    const t = translator("en");
    expect(t("horses.loading")).toBe("Loading horses...");
    expect(t("winners.errorText")).toBe("Failed to load winners data. Please try again later.");
    expect(t("contact.sentText")).toBe("Thank you for contacting the stable. We'll get back to you soon.");
    expect(t("contact.emailTooLong")).toBe("Email must be less than 255 characters");
    expect(t("team.defaultDescription")).toBe("Experienced professional dedicated to excellence in horse racing.");
    expect(t("notFound.text")).toBe("Oops! Page not found");
    expect(t("nav.runners")).toBe("Runners");
    expect(t("home.nextRunners")).toBe("Next Runners");
    expect(t("runners.addToCalendar")).toBe("Add to calendar");
    expect(t("runners.upcomingEmpty")).toBe("No runners declared yet. Check back soon.");
    expect(t("horse.raceRecord")).toBe("Race Record");
    expect(t("horse.strikeRate")).toBe("Strike Rate");
    expect(t("horse.errorText")).toBe("Failed to load this horse. Please try again later.");
    expect(
      t("horse.metaDescription", { horse: "Nordlys", age: 4, color: "bay", sire: "Sea The Stars", dam: "Frøken Fryd" }),
    ).toBe("Nordlys, a 4-year-old bay by Sea The Stars out of Frøken Fryd: next runs, race record and prize money.");
  });

  it("write race results the way each language does", () => {
    const [en, da] = [translator("en"), translator("da")];
    const won = { position: 1, didNotFinish: false };
    expect(localResultText(won, "en", en)).toBe("1st");
    expect(localResultText({ position: 12, didNotFinish: false }, "en", en)).toBe("12th");
    expect(localResultText(won, "da", da)).toBe("1.");
    expect(localResultText({ position: 12, didNotFinish: false }, "da", da)).toBe("12.");
    expect(localResultText({ position: null, didNotFinish: true }, "en", en)).toBe("Did not finish");
    expect(localResultText({ position: null, didNotFinish: true }, "da", da)).toBe("Fuldførte ikke");
  });

  it("are told apart from other strings", () => {
    expect(isMessageKey("nav.home")).toBe(true);
    expect(isMessageKey("Name is required")).toBe(false);
    expect(isMessageKey("toString")).toBe(false);
  });
});

describe("interpolate", () => {
  it("fills named placeholders and leaves unknown ones", () => {
    expect(interpolate("{horse} after winning {race}", { horse: "Nordlys", race: "Derby" })).toBe(
      "Nordlys after winning Derby",
    );
    expect(interpolate("{age} år", { age: 4 })).toBe("4 år");
    expect(interpolate("Hello {name}", {})).toBe("Hello {name}");
    expect(interpolate("Hello {name}")).toBe("Hello {name}");
    expect(interpolate("{a}{a}", { a: "$&" })).toBe("$&$&");
  });

  it("is what translator() uses, per language", () => {
    expect(translator("da")("horses.metaTitle", { name: "Stald Nordlys" })).toBe("Heste i træning | Stald Nordlys");
    expect(translator("en")("horses.metaTitle", { name: "Stald Nordlys" })).toBe("Horses in Training | Stald Nordlys");
  });
});

describe("language from the path", () => {
  it("is Danish under /da only", () => {
    for (const path of ["/da", "/da/", "/da/horses", "/da.data", "/da/contact.data", "/da/no-such-page"]) {
      expect(langFromPath(path), path).toBe("da");
    }
    for (const path of ["/", "/horses", "/dansk", "/data", "/admin", "/da-dk"]) {
      expect(langFromPath(path), path).toBe("en");
    }
  });

  it("maps paths between the languages", () => {
    expect(pathTo("home", { lang: "da" })).toBe("/da");
    expect(pathTo("horses", { lang: "da" })).toBe("/da/horses");
    expect(pathTo("horses", { lang: "en" })).toBe("/horses");
    expect(unprefixedPath("/da")).toBe("/");
    expect(unprefixedPath("/da/team")).toBe("/team");
    expect(unprefixedPath("/team")).toBe("/team");
  });
});
