import { unprefixedPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import type { NextFunction, Request, RequestHandler, Response } from "express";

export type FormRule = { maxBytes: number; maxFields: number };

/**
 * How much a form may carry, by route. Everything not listed gets the smallest rule: sign-in,
 * password reset, setup and sign-out need a few hundred bytes. The admin upload routes take files
 * of up to UPLOAD_MAX_BYTES, but only from an administrator: anyone else gets the smallest rule.
 */
export const FORM_RULES = {
  small: { maxBytes: 16 * 1024, maxFields: 20 },
  /** 2000 characters of message, even as 4-byte UTF-8 and percent-encoded, plus the other fields. */
  contact: { maxBytes: 64 * 1024, maxFields: 20 },
  /** The admin forms without files (contact details, messages). */
  admin: { maxBytes: 64 * 1024, maxFields: 100 },
} satisfies Record<string, FormRule>;

const UPLOAD_ROUTES = new Set([
  "/admin",
  "/admin/horses",
  "/admin/winners",
  "/admin/team",
  "/admin/news",
  "/admin/site",
  "/admin/billing/costs",
  "/__test/image-upload",
]);

/** The route a path addresses: client navigation posts to `/auth.data`, the index to `/_root.data`; `/da/contact` is the contact page too. */
function routeOf(path: string) {
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  return page.length > 1 ? page.replace(/\/+$/, "") : page;
}

/** The rule for a path; "upload" leaves the body to the upload parser once the sender is known to be an admin. */
export function bodyRuleFor(path: string): FormRule | "upload" {
  const route = routeOf(path);
  if (UPLOAD_ROUTES.has(route)) return "upload";
  if (unprefixedPath(route) === pathTo("contact")) return FORM_RULES.contact;
  if (route.startsWith("/admin/")) return FORM_RULES.admin;
  return FORM_RULES.small;
}

type Refusal = { status: 400 | 413 | 415; message: string };
type FormRead = { fields: [string, string][] } | Refusal;

const TOO_LARGE: Refusal = { status: 413, message: "The form is too large. Nothing was saved." };
const TOO_MANY: Refusal = { status: 413, message: "The form has too many fields. Nothing was saved." };
const MALFORMED: Refusal = { status: 400, message: "The form could not be read. Nothing was saved." };
const WRONG_TYPE: Refusal = { status: 415, message: "The form was sent in a format this page does not accept." };

/**
 * Reads at most `rule.maxBytes` of a form body: a larger declared Content-Length is refused before
 * a byte is read, and a body that streams past the limit (chunked, or longer than declared) is
 * refused at that point, the rest left unread. Fields are counted; parsing is streaming (busboy)
 * or a single pass over at most the limit, so no body can hold the event loop.
 */
export async function readLimitedForm(req: IncomingMessage, rule: FormRule): Promise<FormRead | "aborted"> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && !(Number(declared) <= rule.maxBytes)) return TOO_LARGE;
  const body = await collect(req, rule.maxBytes);
  if (body === "aborted") return body;
  if (body === null) return TOO_LARGE;
  if (body.length === 0) return { fields: [] };
  const type = req.headers["content-type"] ?? "";
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    const fields = [...new URLSearchParams(body.toString("utf8"))];
    return fields.length > rule.maxFields ? TOO_MANY : { fields };
  }
  if (/^multipart\/form-data\b/i.test(type)) return parseMultipart(body, type, rule);
  return WRONG_TYPE;
}

/** The body, null once it passes `max` (reading stops there), or "aborted" when the client went away. */
function collect(req: IncomingMessage, max: number): Promise<Buffer | null | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | null | "aborted") => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.pause();
        finish(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onAbort = () => finish("aborted");
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onAbort);
  });
}

function parseMultipart(body: Buffer, type: string, rule: FormRule): Promise<FormRead> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        defParamCharset: "utf8",
        limits: { fields: rule.maxFields, parts: rule.maxFields, files: 0, fieldSize: rule.maxBytes },
      });
    } catch {
      return resolve(MALFORMED);
    }
    const fields: [string, string][] = [];
    let refusal: Refusal | undefined;
    parser.on("field", (name, value) => fields.push([name, value]));
    parser.on("file", (_name, stream) => stream.resume());
    parser.on("fieldsLimit", () => (refusal ??= TOO_MANY));
    parser.on("partsLimit", () => (refusal ??= TOO_MANY));
    parser.on(
      "filesLimit",
      () => (refusal ??= { status: 400, message: "This form takes no files. Nothing was saved." }),
    );
    parser.on("error", () => resolve(refusal ?? MALFORMED));
    parser.on("close", () => resolve(refusal ?? { fields }));
    parser.end(body);
  });
}

const readBodies = new WeakMap<IncomingMessage, Buffer>();

/** The body bodyLimits read and checked for this request (re-encoded as a URL-encoded form), if any. */
export function checkedBody(req: IncomingMessage): Buffer | undefined {
  return readBodies.get(req);
}

/**
 * Before refusing, reads and throws away a little more of what the client is still sending (at most
 * 256 KB, for at most a second), so a client that sent a bit too much has finished sending and reads
 * the answer instead of a reset connection. Nothing is kept; a larger body is cut off.
 */
function discardBriefly(req: IncomingMessage, { maxBytes = 256 * 1024, maxMs = 1000 } = {}): Promise<void> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (req.complete || req.destroyed || declared > maxBytes) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", done);
      req.off("close", done);
      req.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    req.on("data", onData);
    req.on("end", done);
    req.on("close", done);
    req.resume();
  });
}

/** A short plain page; the connection closes so whatever the client still sends is never read. */
async function refuseBody(req: IncomingMessage, res: Response, { status, message }: Refusal) {
  await discardBriefly(req);
  res.status(status).set({ "Cache-Control": "no-store", Connection: "close" }).type("text/plain").send(message);
}

/**
 * Bounds every POST body by route before any action sees it. Forms are read here whole (they are
 * small) and handed on as a checked URL-encoded body; admin uploads stream on to the upload
 * parser, which enforces the upload limit, once `isAdmin` has said the sender is an administrator.
 */
export function bodyLimits({ isAdmin }: { isAdmin: (req: Request) => Promise<boolean> }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    try {
      const rule = bodyRuleFor(req.path);
      if (rule === "upload" && (await isAdmin(req))) return next();
      const read = await readLimitedForm(req, rule === "upload" ? FORM_RULES.small : rule);
      if (read === "aborted") return;
      if ("status" in read) return await refuseBody(req, res, read);
      const body = Buffer.from(new URLSearchParams(read.fields).toString());
      req.headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
      req.headers["content-length"] = String(body.length);
      delete req.headers["transfer-encoding"];
      readBodies.set(req, body);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A response that starts before its request's body has arrived (a refusal, a redirect that never
 * read the form, a cached page for a GET with a body) closes the connection afterwards, so the
 * server never spends time reading the rest.
 */
export function hasBody(req: IncomingMessage) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

export function closeWhenBodyUnread(): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      // A request without a body is not complete yet while its first handler runs: an answer given
      // at once (a cached page) must not close the connection for that.
      if (!req.complete && hasBody(req) && !this.headersSent) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
