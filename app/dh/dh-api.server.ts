import { z } from "zod";
import { env } from "~/platform/env.server";
import { getSiteSettings } from "~/models/site-settings.server";

/**
 * Dansk Hestevæddeløb's web API (`DH_API_URL`/{gallop|trot}/…), read one answer at a time: spaced,
 * with a timeout and a User-Agent naming the site, each answer through its schema. Only the fields
 * the site shows are kept (a schema strips the rest: owners, breeders, chip numbers never leave it).
 */

export const DISCIPLINES = ["gallop", "trot"] as const;
export type Discipline = (typeof DISCIPLINES)[number];

/** DH is unreachable for now (5xx, 429, a timeout, no connection): the import is tried again later. */
export class DhUnavailableError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    /** When DH asked to be left alone until (a 429's Retry-After). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`Dansk Hestevæddeløb did not answer ${path}: ${reason}`);
  }
}

/** DH answered, but not what the site understands: nothing is written. */
export class DhShapeError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`Dansk Hestevæddeløb's answer to ${path} has a shape the import does not know (${detail})`);
  }
}

/** DH knows no such thing (a licence or a horse): 404, or another 4xx. */
export class DhNotFoundError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`Dansk Hestevæddeløb answered ${status} to ${path}`);
  }
}

const id = z.union([z.number().int(), z.string().regex(/^\d{1,12}$/)]).transform(String);
const name = z.string().trim().min(1).max(200);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .transform((v) => v.slice(0, 10));
const named = z.object({ name: z.string().max(200).nullish() }).nullish();
/** A number DH sends as `{ sortValue, displayValue }`, or as a plain number. */
const sortable = z
  .union([z.number(), z.object({ sortValue: z.number().nullish(), displayValue: z.string().max(100).nullish() })])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : typeof v === "number" ? v : (v.sortValue ?? null)));
/** "14:05", "14.05" or an ISO instant; answered as HH:MM. */
const startTime = z
  .string()
  .max(40)
  .nullish()
  .transform((v) => {
    const m = v ? /(?:T|^)(\d{2})[:.](\d{2})/.exec(v) : null;
    return m ? `${m[1]}:${m[2]}` : null;
  });

const raceInformation = z.object({
  raceId: id.nullish(),
  date: isoDate,
  raceNumber: z.number().int().min(0).max(99),
  raceName: z.string().max(200).nullish(),
  startTime,
});

export const trainerSchema = z.object({ id: id.nullish(), name });

export const trainingListSchema = z.array(
  z.object({
    horse: z.object({ id, name }),
    age: z.union([z.number(), z.string()]).nullish(),
    gender: z.object({ text: z.string().max(50), code: z.string().max(5).nullish() }).nullish(),
  }),
);

export const comingStartsSchema = z.array(
  z.object({
    raceInformation,
    track: z.object({ code: z.string().min(1).max(20), name: z.string().max(100).nullish() }),
    horse: z.object({ id, name }),
    driver: named,
    jockey: named,
    distance: sortable,
    startNumber: z.number().int().nullish(),
    postPosition: z.number().int().nullish(),
    weight: sortable,
    withdrawn: z.boolean().nullish(),
  }),
);

export const resultsSchema = z.array(
  z.object({
    raceInformation,
    trackCode: z.string().min(1).max(20),
    trackName: z.string().max(100).nullish(),
    horse: z.object({ id, name }),
    driver: named,
    jockey: named,
    placement: z.object({ displayValue: z.string().max(10), sortValue: z.number().nullish() }),
    distance: sortable,
    prizeMoney: sortable,
    withdrawn: z.boolean().nullish(),
    raceType: z.object({ displayValue: z.string().max(20).nullish() }).nullish(),
  }),
);

export const basicInformationSchema = z.object({
  id,
  name,
  gender: z.object({ text: z.string().max(50), code: z.string().max(5).nullish() }).nullish(),
  color: z.string().max(50).nullish(),
  dateOfBirth: isoDate.nullish(),
});

export const pedigreeSchema = z.object({
  father: named,
  mother: z.object({ name: z.string().max(200).nullish(), father: named }).nullish(),
});

export type TrainingList = z.infer<typeof trainingListSchema>;
export type ComingStarts = z.infer<typeof comingStartsSchema>;
export type Results = z.infer<typeof resultsSchema>;
export type BasicInformation = z.infer<typeof basicInformationSchema>;
export type Pedigree = z.infer<typeof pedigreeSchema>;

const ATTEMPTS = 2;
const MAX_BODY_BYTES = 5 * 1024 * 1024;

let lastRequestAt = 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the last request to DH is `DH_REQUEST_SPACING_MS` ago. */
async function spaced() {
  const wait = lastRequestAt + env().DH_REQUEST_SPACING_MS - Date.now();
  if (wait > 0) await pause(wait);
  lastRequestAt = Date.now();
}

async function userAgent() {
  const site = await getSiteSettings().catch(() => null);
  const origin = env().PUBLIC_ORIGIN ?? "http://localhost";
  return `${site?.stableName || "Stable website"} (${origin}; race data import)`;
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(seconds, 3600) * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, Math.min(at - Date.now(), 3_600_000)) : null;
}

/** One GET, once; a 5xx, 429, timeout or broken connection is DhUnavailableError. */
async function getOnce(path: string, agent: string): Promise<unknown> {
  await spaced();
  let response: Response;
  try {
    response = await fetch(`${env().DH_API_URL}${path}`, {
      headers: { "User-Agent": agent, Accept: "application/json" },
      signal: AbortSignal.timeout(env().DH_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new DhUnavailableError(path, timeout ? "no answer in time" : "no connection");
  }
  if (response.status === 429)
    throw new DhUnavailableError(path, "too many requests", retryAfterMs(response.headers.get("retry-after")));
  if (response.status >= 500) throw new DhUnavailableError(path, `server error ${response.status}`);
  if (!response.ok) throw new DhNotFoundError(path, response.status);
  const text = await response.text();
  if (text.length > MAX_BODY_BYTES) throw new DhShapeError(path, "the answer is too large");
  try {
    return JSON.parse(text);
  } catch {
    throw new DhShapeError(path, "not JSON");
  }
}

/** A GET through `schema`; a 5xx or a timeout is tried once more before the import gives up for now. */
export async function dhGet<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  const agent = await userAgent();
  let answer: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      answer = await getOnce(path, agent);
      break;
    } catch (error) {
      const again = error instanceof DhUnavailableError && error.retryAfterMs === null && attempt < ATTEMPTS;
      if (!again) throw error;
      await pause(Math.max(env().DH_REQUEST_SPACING_MS, 50) * attempt);
    }
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DhShapeError(path, `${issue?.path.join(".") || "answer"}: ${issue?.message ?? "unexpected"}`);
  }
  return parsed.data;
}

/** An address of DH's API, from its segments (each encoded): `/gallop/licenseholders/…`. */
const apiPath = (...segments: string[]) => segments.map((part) => `/${encodeURIComponent(part)}`).join("");

/** The addresses the import reads, under `DH_API_URL` (DH's words, not the site's pages). */
export const dhPaths = {
  trainer: (d: Discipline, licence: string) => apiPath(d, "licenseholders", licence, "basicinformation"),
  trainingList: (d: Discipline, licence: string) => apiPath(d, "licenseholders", "trainers", licence, "horses"),
  comingStarts: (d: Discipline, licence: string) => apiPath(d, "licenseholders", "trainers", licence, "comingstarts"),
  results: (d: Discipline, licence: string) => apiPath(d, "licenseholders", "trainers", licence, "results"),
  horse: (d: Discipline, horseId: string) => apiPath(d, "horses", horseId, "basicinformation"),
  pedigree: (d: Discipline, horseId: string) => `${apiPath(d, "horses", horseId, "pedigree")}?pedigreeTree=SMALL`,
};
