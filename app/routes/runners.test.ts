/**
 * The public runner pages against a real database: the iCalendar feed (read back with ical.js, as
 * a calendar app would), the horse pages (found, moved, unknown), the sitemap and the Next Runners
 * on the home page.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { createHorse, deleteHorse, updateHorse } from "~/models/horse.server";
import { createRunner, declareRunner, reinstateRunner, updateRunner, withdrawRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { createWinner } from "~/models/winner.server";
import { foldLine } from "~/racing/ical";
import { danishToday } from "~/racing/race-day";
import { useFreshDatabase } from "@tests/db";
import { horseEdit } from "@tests/horses";
import * as home from "./home";
import * as horsePage from "./horse";
import * as calendar from "./runners-ics";
import * as horseCalendar from "./horse-ics";
import * as runnersPage from "./runners";
import * as sitemap from "./sitemap";

useFreshDatabase();

const horse = { name: "Kongens Ære", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const args = (path: string, params: Record<string, string> = {}) => ({
  request: new Request(`http://localhost${path}`),
  params,
  context: {},
});

/** Days from today in Denmark, as YYYY-MM-DD. */
function inDays(days: number) {
  const [y, m, d] = danishToday().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

async function feed() {
  const response = (await calendar.loader(args("/runners.ics") as never)) as Response;
  return { response, text: await response.text() };
}

describe("/runners.ics", () => {
  it("is an iCalendar feed calendar apps can read: one event per upcoming runner, in Danish time", async () => {
    const h = await createHorse(horse);
    const timed = await createRunner({
      horseId: h.id,
      raceName: "Dansk Derby, 2400 m; Gruppe 3",
      raceDate: inDays(7),
      postTime: "15:30",
      track: "Klampenborg Galopbane",
      distance: "2400 m",
      jockey: "Åse Ødegård",
    });
    await createRunner({ horseId: h.id, raceName: "Jydsk Sommerløb", raceDate: inDays(20), track: "Aarhus" });
    const past = await createRunner({ horseId: h.id, raceName: "Past", raceDate: inDays(-3) });
    await recordResult(past.id, { position: 2, didNotFinish: false, prizeOre: null }, danishToday());

    const { response, text } = await feed();
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    // Every line ends with CRLF and is at most 75 octets.
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const vcalendar = new ICAL.Component(ICAL.parse(text));
    const zone = vcalendar.getFirstSubcomponent("vtimezone")!;
    expect(zone.getFirstPropertyValue("tzid")).toBe("Europe/Copenhagen");
    // Times are read with the feed's own VTIMEZONE, as a calendar app does.
    const tz = new ICAL.Timezone(zone);
    ICAL.TimezoneService.register(tz, "Europe/Copenhagen");
    const events = vcalendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first!.summary).toBe("Kongens Ære – Dansk Derby, 2400 m; Gruppe 3");
    expect(first!.location).toBe("Klampenborg Galopbane");
    expect(first!.description).toBe("Distance: 2400 m\nJockey: Åse Ødegård");
    expect(first!.uid).toBe(`runner-${timed.id}@localhost`);
    expect(first!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Copenhagen");
    expect(first!.startDate.toString()).toBe(`${inDays(7)}T15:30:00`);
    // The start as an instant: 15:30 in Copenhagen is 13:30 UTC in summer, 14:30 in winter.
    const utc = first!.startDate.toJSDate();
    const offsetHours = 15.5 - (utc.getUTCHours() + utc.getUTCMinutes() / 60);
    const expected = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Copenhagen", timeZoneName: "shortOffset" })
      .formatToParts(utc)
      .find((p) => p.type === "timeZoneName")!.value;
    expect(`GMT+${offsetHours}`).toBe(expected);
    // No post time: an all-day event.
    expect(second!.startDate.isDate).toBe(true);
    expect(second!.startDate.toString()).toBe(inDays(20));
    expect(second!.summary).toBe("Kongens Ære – Jydsk Sommerløb");
  });

  it("carries no control character a calendar forbids, whatever was typed", async () => {
    const h = await createHorse(horse);
    // U+0001 to U+001F: PostgreSQL stores no U+0000 at all (app/utils/xml.test.ts drops it too).
    const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join("");
    await createRunner({
      horseId: h.id,
      raceName: `Derby${controls}Cup`,
      raceDate: inDays(7),
      track: `Klampenborg${controls}`,
      jockey: `Åse${controls}`,
    });
    const { text } = await feed();
    // RFC 5545 CONTROL: every C0 character but tab, and DEL; line ends are CRLF only.
    const unfolded = text.replace(/\r\n/g, "");
    const control = [...unfolded].filter((c) => (c < " " && c !== "\t") || c === "\u007F");
    expect(control).toEqual([]);
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(event!.summary).toMatch(/^Kongens Ære – Derby\s*Cup$/);
  });

  it("keeps an event's UID through edits, so subscribed calendars update it in place", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: inDays(3) });
    const uid = () =>
      feed().then(({ text }) =>
        new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!.getFirstPropertyValue("uid"),
      );
    const before = await uid();
    await updateRunner(id, { horseId: h.id, raceName: "Derby (moved)", raceDate: inDays(4), postTime: "14:00" });
    expect(await uid()).toBe(before);
  });

  it("cancels a non-runner's event under the same UID with a higher SEQUENCE, and names a declaration", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: inDays(3), distance: "2400 m" });
    const event = async () => {
      const { text } = await feed();
      return new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    };
    const entered = await event();
    expect(entered.component.getFirstPropertyValue("status")).toBe("TENTATIVE");

    await declareRunner(id, { jockey: "M. Larsen", weightG: 57_500, draw: 4, equipment: ["blinkers", "hood"] });
    const declared = await event();
    expect(declared.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(declared.description).toBe(
      "Distance: 2400 m\nJockey: M. Larsen\nWeight: 57,5 kg\nDraw: 4\nEquipment: Blinkers, Hood",
    );

    await withdrawRunner(id, "Private reason");
    const cancelled = await event();
    expect(cancelled.uid).toBe(declared.uid);
    expect(cancelled.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(declared.sequence);
    expect(cancelled.description).not.toContain("Private reason");

    await reinstateRunner(id, danishToday());
    const back = await event();
    expect(back.uid).toBe(declared.uid);
    expect(back.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(back.sequence).toBeGreaterThan(cancelled.sequence);
  });

  it("has a feed per horse at /horses/<slug>.ics; an old slug moves to the new feed", async () => {
    const h = await createHorse(horse);
    const other = await createHorse({ ...horse, name: "Nordlys" });
    await createRunner({ horseId: h.id, raceName: "Mine", raceDate: inDays(3) });
    await createRunner({ horseId: other.id, raceName: "Not mine", raceDate: inDays(3) });
    const load = (slug: string) => horseCalendar.loader(args(`/horses/${slug}.ics`, { slug }) as never);
    const response = (await load("kongens-aere")) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Last-Modified")).toMatch(/GMT$/);
    const vcalendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(vcalendar.getFirstPropertyValue("x-wr-calname")).toContain("Kongens Ære");
    expect(vcalendar.getAllSubcomponents("vevent").map((v) => v.getFirstPropertyValue("summary"))).toEqual([
      "Kongens Ære – Mine",
    ]);
    expect(((await load("nobody")) as Response).status).toBe(404);
    expect(((await load("../x")) as Response).status).toBe(404);
    await updateHorse(h.id, horseEdit(horse, { name: "Storm" }));
    const moved = await Promise.resolve(load("kongens-aere")).catch((thrown: unknown) => thrown);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get("Location")).toBe("/horses/storm.ics");
  });

  it("is an empty but valid calendar without runners", async () => {
    const { text } = await feed();
    const vcalendar = new ICAL.Component(ICAL.parse(text));
    expect(vcalendar.name).toBe("vcalendar");
    expect(vcalendar.getAllSubcomponents("vevent")).toEqual([]);
  });

  it("folds long lines without splitting a character", () => {
    const line = `SUMMARY:${"Æblegård ".repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });
});

describe("/horses/:slug", () => {
  type Found = Extract<Awaited<ReturnType<typeof horsePage.loader>>, { state: "found" }>;
  const load = (slug: string) => horsePage.loader(args(`/horses/${slug}`, { slug }) as never);

  it("shows the horse, its next runs and its race record; Winners-tab victories count as wins", async () => {
    const h = await createHorse(horse);
    await createRunner({ horseId: h.id, raceName: "Next", raceDate: inDays(5), postTime: "13:10", track: "Aalborg" });
    const ran = await createRunner({ horseId: h.id, raceName: "Ran", raceDate: inDays(-10) });
    await recordResult(ran.id, { position: 3, didNotFinish: false, prizeOre: 5_000_00 }, danishToday());
    await createWinner({ horseId: h.id, raceName: "Typed", raceDate: inDays(-30) });
    const page = (await load("kongens-aere")) as Found;
    expect(page.state).toBe("found");
    expect(page.horse.name).toBe("Kongens Ære");
    expect(page.nextRuns.map((r) => r.raceName)).toEqual(["Next"]);
    expect(page.record).toMatchObject({ runs: 2, wins: 1, places: 1 });
    expect(page.record.entries.map((e) => e.raceName)).toEqual(["Ran", "Typed"]);
    expect(JSON.parse(page.events!)).toMatchObject([
      { "@type": "SportsEvent", name: "Kongens Ære – Next", location: { name: "Aalborg" } },
    ]);
  });

  it("moves an old address to the new one with a 301, and is the 404 page for an unknown one", async () => {
    const h = await createHorse(horse);
    await updateHorse(h.id, horseEdit(horse, { name: "Nordlys" }));
    let moved: unknown;
    try {
      await load("kongens-aere");
    } catch (thrown) {
      moved = thrown;
    }
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get("Location")).toBe("/horses/nordlys");
    // Asked in Danish, it moves to the Danish address.
    const movedDanish = await horsePage
      .loader(args("/da/horses/kongens-aere", { slug: "kongens-aere" }) as never)
      .catch((thrown: unknown) => thrown);
    expect(movedDanish).toBeInstanceOf(Response);
    expect((movedDanish as Response).status).toBe(301);
    expect((movedDanish as Response).headers.get("Location")).toBe("/da/horses/nordlys");
    for (const slug of ["nobody", "Nordlys", "../admin", "x".repeat(200)]) {
      const missing = await load(slug);
      expect(missing).toMatchObject({ data: { state: "missing" }, init: { status: 404 } });
    }
  });

  it("is gone with the horse, while the victory stays on /winners", async () => {
    const h = await createHorse(horse);
    await createRunner({ horseId: h.id, raceName: "Next", raceDate: inDays(5) });
    await deleteHorse(h.id);
    expect(await load("kongens-aere")).toMatchObject({ init: { status: 404 } });
    const page = await runnersPage.loader(args("/runners") as never);
    expect(page).toMatchObject({ upcoming: [], results: [] });
  });
});

describe("listings", () => {
  it("lists the horse pages and /runners in the sitemap", async () => {
    await createHorse(horse);
    const body = await ((await sitemap.loader(args("/sitemap.xml") as never)) as Response).text();
    expect(body).toContain("<loc>http://localhost/runners</loc>");
    expect(body).toContain("<loc>http://localhost/horses/kongens-aere</loc>");
    expect(body).toContain("<loc>http://localhost/da/runners</loc>");
    expect(body).toContain("<loc>http://localhost/da/horses/kongens-aere</loc>");
  });

  it("shows a non-runner on /runners and the horse page (EventCancelled), but not in Next Runners", async () => {
    const h = await createHorse(horse);
    const out = await createRunner({ horseId: h.id, raceName: "Out", raceDate: inDays(1) });
    await createRunner({ horseId: h.id, raceName: "Running", raceDate: inDays(2) });
    await withdrawRunner(out.id, "Lame");
    const homePage = await home.loader(args("/") as never);
    expect("nextRunners" in homePage && homePage.nextRunners.map((r) => r.raceName)).toEqual(["Running"]);
    const runners = (await runnersPage.loader(args("/runners") as never)) as {
      upcoming: { status: string }[];
      events: string;
    };
    expect(runners.upcoming.map((r) => r.status)).toEqual(["withdrawn", "entered"]);
    expect(JSON.stringify(runners)).not.toContain("Lame");
    expect(JSON.parse(runners.events).map((e: { eventStatus: string }) => e.eventStatus)).toEqual([
      "https://schema.org/EventCancelled",
      "https://schema.org/EventScheduled",
    ]);
    const page = (await horsePage.loader(args("/horses/kongens-aere", { slug: "kongens-aere" }) as never)) as {
      nextRuns: { status: string }[];
    };
    expect(page.nextRuns.map((r) => r.status)).toEqual(["withdrawn", "entered"]);
  });

  it("shows at most five next runners on the home page, soonest first", async () => {
    const h = await createHorse(horse);
    for (let i = 7; i >= 1; i--) await createRunner({ horseId: h.id, raceName: `Race ${i}`, raceDate: inDays(i) });
    const page = await home.loader(args("/") as never);
    expect("nextRunners" in page && page.nextRunners.map((r) => r.raceName)).toEqual([
      "Race 1",
      "Race 2",
      "Race 3",
      "Race 4",
      "Race 5",
    ]);
  });
});
