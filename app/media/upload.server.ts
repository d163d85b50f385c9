import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { registerFileSweep } from "~/jobs/housekeeping.server";
import { removeLeftoverFiles } from "~/platform/leftover-files.server";
import { env } from "~/platform/env.server";
import { FAULT_REASONS, FAULT_STATUS, faultOf } from "~/platform/faults.server";
import { fileTooLargeMessage, formatBytes, type ImageProblem, type ProblemDetails } from "./image";

export { fileTooLargeMessage, formatBytes };

/** A file of a multipart request, streamed to a temporary file (removed by `cleanup()`). */
export type UploadedFile = {
  fieldName: string;
  /** The name the browser gave; never trusted for anything but display. */
  filename: string;
  /** The type the browser declared; never trusted: images are judged by their content. */
  declaredType: string;
  path: string;
  size: number;
};

export type ParsedForm = {
  /** Every text field, as `request.formData()` would give it (without the files). */
  fields: FormData;
  /** The text fields as a plain record (the first value of each name), ready for a zod schema. */
  values: Record<string, string>;
  files: UploadedFile[];
  /** The file chosen in the input named `name`, or null when none was chosen. */
  file(name: string): UploadedFile | null;
  /** Removes the temporary files. Always call it (withUploadedForm does). */
  cleanup(): Promise<void>;
};

/** Why a form was refused: the English text of each (the dashboard shows them in the administrator's language). */
export const UPLOAD_MESSAGES = {
  unsupported: "The form was sent in a format this page does not accept.",
  emptyForm: "The form arrived empty.",
  unreadable: "The form could not be read.",
  fieldTooLong: "The field {field} is too long.",
  tooManyFiles: "The form has too many files.",
  tooManyFields: "The form has too many fields.",
  tooManyParts: "The form has too many parts.",
  interrupted: "The upload was interrupted or malformed. Please try again.",
  formTooLarge: "The form is too large.",
  storeFailed: "The upload could not be stored. Please try again.",
  fileTooLarge: "The file is too large. The limit is {limit}.",
} as const;

export type UploadProblem = keyof typeof UPLOAD_MESSAGES;

type ProblemOptions = ErrorOptions & { problem?: UploadProblem | ImageProblem; details?: ProblemDetails };

/** A request that cannot be accepted; `message` is meant for the person who sent it. */
export class UploadError extends Error {
  override name = "UploadError";
  /** Which refusal it is, and the values its text is written with. */
  readonly problem?: UploadProblem | ImageProblem;
  readonly details: ProblemDetails;
  constructor(
    message: string,
    readonly status: number,
    /** The form field the message belongs to, when known. */
    readonly field?: string,
    { problem, details = {}, ...options }: ProblemOptions = {},
  ) {
    super(message, options);
    this.problem = problem;
    this.details = details;
  }

  /** The text fields that arrived before the problem, so the form can keep what was typed. */
  values: Record<string, string> = {};
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}

/** A refusal of the form, its English message written from UPLOAD_MESSAGES. */
function refusal(
  problem: UploadProblem,
  status: number,
  field?: string,
  details: ProblemDetails = {},
  cause?: unknown,
) {
  const message = UPLOAD_MESSAGES[problem].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(details, name) ? String(details[name]) : whole,
  );
  return new UploadError(message, status, field, { problem, details, ...(cause === undefined ? {} : { cause }) });
}

const tooLargeFile = (maxBytes: number, field?: string) =>
  refusal("fileTooLarge", 413, field, { limit: formatBytes(maxBytes) });

/** Room for the text fields and multipart framing on top of the file limit. */
const FIELDS_ALLOWANCE = 1024 * 1024;

/** Where uploads wait while their request is handled. */
export function uploadTmpDir() {
  return path.join(env().dataDir, "tmp", "uploads");
}

/** A temporary file nobody has written to for this long belongs to no request (housekeeping removes it). */
export const UPLOAD_LEFTOVER_AGE_MS = 60 * 60_000;

/**
 * The temporary files of this process's requests. They hold the raw upload (a photo's GPS position
 * included), so they go on every path: with their request, and all of them when the process exits
 * for whatever reason (a stop that outlasts its grace period included).
 */
const inFlight = new Set<string>();
let exitHook = false;

function track(file: string) {
  inFlight.add(file);
  if (!exitHook) {
    exitHook = true;
    process.once("exit", removeUploadsInFlight);
  }
}

/** Removes the temporary files of requests still in progress (the process is ending). */
export function removeUploadsInFlight() {
  for (const file of inFlight) fs.rmSync(file, { force: true });
  inFlight.clear();
}

/**
 * Removes temporary files no request of this process is writing: all of them at start (a process
 * that was killed left them), or those untouched for `olderThanMs` (housekeeping). Returns how many.
 */
export async function sweepUploadLeftovers({ olderThanMs }: { olderThanMs?: number } = {}) {
  return removeLeftoverFiles(uploadTmpDir(), { olderThanMs, inUse: (file) => inFlight.has(file) });
}

/** Housekeeping removes the leftovers: every one at start, then those untouched for an hour. */
export function registerUploadSweep() {
  registerFileSweep("uploads", ({ first }) =>
    sweepUploadLeftovers(first ? {} : { olderThanMs: UPLOAD_LEFTOVER_AGE_MS }),
  );
}

/** The folder for temporary files, readable by the site's user only (tightened if it existed). */
async function privateTmpDir() {
  const dir = uploadTmpDir();
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  await fsp.chmod(dir, 0o700);
}

export type ParseOptions = {
  /** Largest accepted file, in bytes (default UPLOAD_MAX_BYTES, 20 MB). */
  maxBytes?: number;
  /** Read only the text fields: file contents are read and thrown away, nothing is written. */
  discardFiles?: boolean;
};

/**
 * A temporary file could not be written (disk full, permissions, too many open files): the
 * request is refused with the reason, and the error stays attached as the cause.
 */
function storageFailure(error: unknown) {
  const fault = faultOf(error);
  return fault
    ? new UploadError(FAULT_REASONS[fault.kind], FAULT_STATUS[fault.kind], undefined, { cause: error })
    : refusal("storeFailed", 500, undefined, {}, error);
}

/**
 * Streams one file part to `target`. Never rejects: it resolves with the write's error, or null.
 * When the write fails the rest of the part is still read (and dropped), so the form goes on
 * parsing to its end and the browser receives the answer instead of a reset connection.
 */
function writePart(part: Readable, target: string): Promise<unknown> {
  return new Promise((resolve) => {
    const out = fs.createWriteStream(target, { flags: "wx", mode: 0o600 });
    let failure: unknown = null;
    out.on("error", (error) => {
      failure ??= error;
      part.unpipe(out);
      part.resume();
    });
    part.on("error", (error) => {
      failure ??= error;
      out.destroy();
    });
    out.on("close", () => resolve(failure ?? (out.writableFinished ? null : new Error("The upload was interrupted."))));
    part.pipe(out);
  });
}

/**
 * Parses a form submission without buffering it: text fields are collected (they are small and
 * limited), files stream to temporary files, and nothing beyond the size limit is ever kept.
 * A body over the limit is read to its end and discarded (up to a cap) so that the browser
 * receives the error page instead of a reset connection.
 *
 * Throws an UploadError (413 too large, 400 malformed, 415 wrong content type).
 */
export async function parseUploadedForm(request: Request, options: ParseOptions = {}): Promise<ParsedForm> {
  const maxBytes = options.maxBytes ?? env().UPLOAD_MAX_BYTES;
  const contentType = request.headers.get("content-type") ?? "";
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return parseUrlEncoded(request);
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw refusal("unsupported", 415);
  }
  if (!request.body) throw refusal("emptyForm", 400);

  const bodyLimit = maxBytes + FIELDS_ALLOWANCE;
  const drainCap = bodyLimit * 2;
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);
  const body = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);

  if (declaredLength > drainCap) {
    body.destroy();
    throw tooLargeFile(maxBytes);
  }

  const discard = options.discardFiles === true;
  // A failure here matters only if a file arrives; the text fields are still read.
  let writeFailure: unknown = discard
    ? null
    : await privateTmpDir().then(
        () => null,
        (error: unknown) => error,
      );
  const fields = new FormData();
  const files: UploadedFile[] = [];
  const tmpPaths: string[] = [];
  const writes: Promise<void>[] = [];
  let tooLarge: string | undefined;
  let problem: UploadError | undefined;

  const cleanup = async () => {
    await Promise.all(tmpPaths.map((p) => fsp.rm(p, { force: true })));
    for (const p of tmpPaths) inFlight.delete(p);
  };

  let seen = 0;
  let overLimit = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > drainCap) return callback(tooLargeFile(maxBytes));
      if (seen > bodyLimit) {
        // Stop feeding the parser but keep reading, so the browser gets to see the answer.
        overLimit = true;
        return callback();
      }
      callback(null, chunk);
    },
  });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { fileSize: maxBytes, files: 10, fields: 200, parts: 220, fieldSize: 64 * 1024 },
    });
  } catch {
    body.destroy();
    throw refusal("unreadable", 400);
  }

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) problem ??= refusal("fieldTooLong", 400, name, { field: name });
    fields.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // A file input left empty still sends a part with an empty file name.
    if (!info.filename || tooLarge || problem || discard || writeFailure) {
      stream.resume();
      return;
    }
    const tmp = path.join(uploadTmpDir(), `${Date.now()}-${randomBytes(8).toString("hex")}.upload`);
    tmpPaths.push(tmp);
    track(tmp);
    const file: UploadedFile = {
      fieldName: name,
      filename: info.filename,
      declaredType: info.mimeType,
      path: tmp,
      size: 0,
    };
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
    });
    stream.on("limit", () => {
      tooLarge = name;
    });
    writes.push(
      writePart(stream, tmp).then((error) => {
        if (error) writeFailure ??= error;
        else files.push(file);
      }),
    );
  });
  const limitHit = (what: "tooManyFiles" | "tooManyFields" | "tooManyParts") => () => {
    problem ??= refusal(what, 400);
  };
  parser.on("filesLimit", limitHit("tooManyFiles"));
  parser.on("fieldsLimit", limitHit("tooManyFields"));
  parser.on("partsLimit", limitHit("tooManyParts"));

  try {
    await pipeline(body, counter, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await cleanup();
    if (overLimit || tooLarge) throw withValues(tooLargeFile(maxBytes, tooLarge), fields);
    if (error instanceof UploadError) throw withValues(error, fields);
    throw withValues(refusal("interrupted", 400), fields);
  }
  if (overLimit || tooLarge || problem || writeFailure) {
    await cleanup();
    if (overLimit || tooLarge) throw withValues(tooLargeFile(maxBytes, tooLarge), fields);
    throw withValues(problem ?? storageFailure(writeFailure), fields);
  }
  return formResult(fields, files, cleanup);
}

function valuesOf(fields: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of fields) if (!(name in values) && typeof value === "string") values[name] = value;
  return values;
}

function withValues(error: UploadError, fields: FormData) {
  error.values = valuesOf(fields);
  return error;
}

function formResult(fields: FormData, files: UploadedFile[], cleanup: () => Promise<void>): ParsedForm {
  return {
    fields,
    values: valuesOf(fields),
    files,
    file: (name) => files.find((f) => f.fieldName === name) ?? null,
    cleanup,
  };
}

async function parseUrlEncoded(request: Request): Promise<ParsedForm> {
  const text = await readTextLimited(request, FIELDS_ALLOWANCE);
  const fields = new FormData();
  for (const [name, value] of new URLSearchParams(text)) fields.append(name, value);
  return formResult(fields, [], async () => {});
}

async function readTextLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>)) {
    size += (chunk as Buffer).length;
    if (size > limit) throw refusal("formTooLarge", 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Parses the form, runs `fn` with it and always removes the temporary files afterwards.
 *
 *   const result = await withUploadedForm(request, async (form) => {
 *     const parsed = schema.safeParse(form.values);
 *     const upload = form.file("image");
 *     …
 *   });
 */
export async function withUploadedForm<T>(
  request: Request,
  fn: (form: ParsedForm) => Promise<T>,
  options?: ParseOptions,
): Promise<T> {
  const form = await parseUploadedForm(request, options);
  try {
    return await fn(form);
  } finally {
    await form.cleanup();
  }
}
