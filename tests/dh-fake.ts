import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Dansk Hestevæddeløb's web API (`/webapi/{gallop|trot}/…`), with answers
 * shaped like the real ones (the fields public clients of it read, and some the import must not
 * keep: owners, breeders, registration numbers): a gallop trainer and a trot trainer, their
 * training lists, coming starts (one declared, one entered, one withdrawn) and results (a win, a
 * disqualification, a place out of the money). A test changes an answer with `answer()`, makes
 * one fail (`fail()`: a 500, a 429) and reads the requests it got.
 */

export const GALLOP_LICENCE = "3001";
export const TROT_LICENCE = "4001";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export type DhFake = {
  /** The API's base address, as DH_API_URL takes it. */
  url: string;
  requests: { path: string; userAgent: string | undefined }[];
  /** Replaces the answer to `path` (after /webapi), e.g. "/gallop/licenseholders/trainers/3001/results". */
  answer(path: string, body: unknown, status?: number): void;
  /** The next `times` requests to `path` answer `status` (500, 503, 429 …). */
  fail(path: string, status: number, times?: number, headers?: Record<string, string>): void;
  /** Back to the fixtures. */
  reset(): void;
  close(): Promise<void>;
};

const day = (today: string, offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const gender = (code: "H" | "S" | "V") =>
  ({ H: { text: "Hingst", code }, S: { text: "Hoppe", code }, V: { text: "Vallak", code } })[code];

/** The fixtures, with race days counted from `today` (YYYY-MM-DD). */
export function dhFixtures(today: string): Record<string, unknown> {
  const g = `/gallop/licenseholders`;
  const t = `/trot/licenseholders`;
  const horse = (id: number, name: string, code: "H" | "S" | "V", color: string, born: string) => ({
    id,
    name,
    gender: gender(code),
    horseBreed: "engelsk fuldblod",
    color,
    registrationNumber: `G${id}`,
    dateOfBirth: born,
    dateOfBirthDisplayValue: born,
    ownerName: "Private Owner Name",
    ownerHeader: "Ejer",
    breederName: "Private Breeder",
    breederStatus: "dansk",
    chipNumber: "208000000000000",
    dead: false,
  });
  const race = (date: string, raceNumber: number, raceId: number, startTime: string | null, raceName?: string) => ({
    raceId,
    date,
    raceNumber,
    ...(raceName ? { raceName } : {}),
    ...(startTime ? { startTime: `${date}T${startTime}:00` } : {}),
  });
  return {
    [`${g}/${GALLOP_LICENCE}/basicinformation`]: {
      id: 3001,
      name: "Hanne Træner",
      yearBorn: 1975,
      homeTrack: "Klampenborg",
    },
    [`${g}/trainers/${GALLOP_LICENCE}/horses`]: [
      { horse: { id: 700001, name: "LET'S RUN KÅSGÅRD" }, age: 4, gender: gender("V"), prizeMoney: 120000 },
      { horse: { id: 700002, name: "NORDIC STAR (SE)" }, age: 3, gender: gender("S"), prizeMoney: 5000 },
      { horse: { id: 700003, name: "MIDNIGHT RUNNER" }, age: 5, gender: gender("H"), prizeMoney: 80000 },
    ],
    "/gallop/horses/700001/basicinformation": horse(700001, "LET'S RUN KÅSGÅRD", "V", "brun", "2022-04-02"),
    "/gallop/horses/700001/pedigree?pedigreeTree=SMALL": {
      father: { name: "SUPER SAVER (GB)" },
      mother: { name: "KÅSGÅRD LADY", father: { name: "PASSING GLANCE (GB)" } },
    },
    "/gallop/horses/700002/basicinformation": horse(700002, "NORDIC STAR (SE)", "S", "fuks", "2023-03-15"),
    "/gallop/horses/700002/pedigree?pedigreeTree=SMALL": {
      father: { name: "NORTHERN LIGHT" },
      mother: { name: "STAR OF SWEDEN (SE)" },
    },
    "/gallop/horses/700003/basicinformation": horse(700003, "MIDNIGHT RUNNER", "H", "sort", "2021-05-01"),
    "/gallop/horses/700003/pedigree?pedigreeTree=SMALL": { father: { name: "NIGHT" }, mother: { name: "RUNNER" } },
    [`${g}/trainers/${GALLOP_LICENCE}/comingstarts`]: [
      {
        raceInformation: race(day(today, 3), 4, 91004, "14:35", "Dansk Derby"),
        track: { code: "Kl", name: "Klampenborg" },
        horse: { id: 700001, name: "LET'S RUN KÅSGÅRD" },
        jockey: { name: "Hansen Jonas" },
        distance: { sortValue: 2400, displayValue: "2400 m" },
        startNumber: 5,
        postPosition: 3,
        weight: { sortValue: 57.5, displayValue: "57,5" },
        withdrawn: false,
      },
      {
        raceInformation: race(day(today, 5), 2, 91102, null),
        track: { code: "Aa", name: "Aalborg" },
        horse: { id: 700002, name: "NORDIC STAR (SE)" },
        jockey: null,
        distance: { sortValue: 1600, displayValue: "1600 m" },
        startNumber: null,
        withdrawn: false,
      },
      {
        raceInformation: race(day(today, 2), 6, 91006, "16:10"),
        track: { code: "Kl", name: "Klampenborg" },
        horse: { id: 700003, name: "MIDNIGHT RUNNER" },
        jockey: { name: "Olsen Mia" },
        distance: { sortValue: 1800, displayValue: "1800 m" },
        startNumber: 8,
        withdrawn: true,
      },
    ],
    [`${g}/trainers/${GALLOP_LICENCE}/results`]: [
      {
        raceInformation: race(day(today, -3), 5, 90005, "15:05", "Jydsk Grand Prix"),
        trackCode: "Aa",
        trackName: "Aalborg",
        horse: { id: 700001, name: "LET'S RUN KÅSGÅRD" },
        jockey: { name: "Hansen Jonas" },
        placement: { displayValue: "1", sortValue: 1 },
        distance: { sortValue: 2000, displayValue: "2000 m" },
        prizeMoney: { sortValue: 50000, displayValue: "50.000 kr." },
        withdrawn: false,
        raceType: { displayValue: "" },
      },
      {
        raceInformation: race(day(today, -3), 7, 90007, "16:20"),
        trackCode: "Aa",
        trackName: "Aalborg",
        horse: { id: 700002, name: "NORDIC STAR (SE)" },
        jockey: { name: "Berg Sofie" },
        placement: { displayValue: "d", sortValue: 99 },
        distance: { sortValue: 1400 },
        prizeMoney: { sortValue: 0 },
        withdrawn: false,
        raceType: { displayValue: "" },
      },
      {
        raceInformation: race(day(today, -10), 3, 89903, null),
        trackCode: "Kl",
        trackName: "Klampenborg",
        horse: { id: 700003, name: "MIDNIGHT RUNNER" },
        jockey: { name: "Olsen Mia" },
        placement: { displayValue: "0", sortValue: 6 },
        distance: { sortValue: 1800 },
        prizeMoney: { sortValue: 2000 },
        withdrawn: false,
        raceType: { displayValue: "" },
      },
      {
        raceInformation: race(day(today, -400), 1, 80001, null),
        trackCode: "Kl",
        horse: { id: 700003, name: "MIDNIGHT RUNNER" },
        placement: { displayValue: "2", sortValue: 2 },
        prizeMoney: { sortValue: 9000 },
        withdrawn: false,
      },
    ],
    [`${t}/${TROT_LICENCE}/basicinformation`]: { id: 4001, name: "Kim Kusk", yearBorn: 1980, homeTrack: "Skive" },
    [`${t}/trainers/${TROT_LICENCE}/horses`]: [
      { horse: { id: 800001, name: "GIOVANNI* (SE)" }, age: 6, gender: gender("V"), prizeMoney: 371500 },
    ],
    "/trot/horses/800001/basicinformation": horse(800001, "GIOVANNI* (SE)", "V", "mørkebrun", "2020-06-01"),
    "/trot/horses/800001/pedigree?pedigreeTree=SMALL": {
      father: { name: "READY CASH (FR)" },
      mother: { name: "GINA" },
    },
    [`${t}/trainers/${TROT_LICENCE}/comingstarts`]: [
      {
        raceInformation: race(day(today, 4), 8, 95008, "19:45"),
        track: { code: "Sk", name: "Skive" },
        horse: { id: 800001, name: "GIOVANNI* (SE)" },
        driver: { name: "Nielsen Casper M." },
        distance: { sortValue: 2140, displayValue: "2140 m" },
        startNumber: null,
        withdrawn: false,
      },
    ],
    [`${t}/trainers/${TROT_LICENCE}/results`]: [
      {
        raceInformation: race(day(today, -6), 3, 94003, "18:30"),
        trackCode: "Sk",
        trackName: "Skive",
        horse: { id: 800001, name: "GIOVANNI* (SE)" },
        driver: { name: "Nielsen Casper M." },
        placement: { displayValue: "2", sortValue: 2 },
        kilometerTime: { displayValue: "14,3a" },
        distance: { sortValue: 2140 },
        prizeMoney: { sortValue: 12500 },
        withdrawn: false,
        raceType: { displayValue: "" },
      },
    ],
  };
}

export async function startDhFake(today: string): Promise<DhFake> {
  let answers = new Map<string, Answer>();
  const failures = new Map<string, { status: number; times: number; headers?: Record<string, string> }>();
  const requests: DhFake["requests"] = [];
  const reset = () => {
    answers = new Map(Object.entries(dhFixtures(today)).map(([path, body]) => [path, { status: 200, body }]));
    failures.clear();
  };
  reset();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").replace(/^\/webapi/, "");
    requests.push({ path, userAgent: req.headers["user-agent"] });
    const failure = failures.get(path);
    if (failure && failure.times > 0) {
      failure.times--;
      res.writeHead(failure.status, { "content-type": "text/plain", ...failure.headers }).end("failure");
      return;
    }
    const answer = answers.get(path);
    if (!answer) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not found" }));
      return;
    }
    res
      .writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webapi`,
    requests,
    answer: (path, body, status = 200) => void answers.set(path, { status, body }),
    fail: (path, status, times = 1, headers) => void failures.set(path, { status, times, headers }),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The addresses of the fixtures, for a test that changes one. */
export const dhFakePaths = {
  comingStarts: (d: "gallop" | "trot", licence: string) => `/${d}/licenseholders/trainers/${licence}/comingstarts`,
  results: (d: "gallop" | "trot", licence: string) => `/${d}/licenseholders/trainers/${licence}/results`,
  trainingList: (d: "gallop" | "trot", licence: string) => `/${d}/licenseholders/trainers/${licence}/horses`,
};
