import express, { type Request, type Response } from "express";
import { faultOf, RETRY_AFTER_SECONDS } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { publicMediaStorage, publicMediaUrl } from "~/media/media-storage.server";
import { MEDIA_URL_PREFIX } from "~/media/image";
import { isPrivateKey, normaliseKey } from "~/media/storage.server";

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/**
 * Serves stored media at /media/<bucket>/<name>. Every stored name is unique (a new upload never
 * reuses a name), so responses may be cached for a year without revalidation. The files come from
 * the configured public storage (local disk or bucket), so every instance serves every upload;
 * private photos are kept apart and served only by app/routes/owners-media.ts.
 */
export const mediaRouter = express.Router();

mediaRouter.use("/media", async (req: Request, res: Response) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.set("Allow", "GET, HEAD").status(405).end();
    return;
  }
  res.set("X-Content-Type-Options", "nosniff");
  // The raw path, before any decoding: stored names never contain '%', so any escape is refused.
  const raw = (req.originalUrl.split("?")[0] ?? "").slice(MEDIA_URL_PREFIX.length);
  let key: string;
  try {
    key = normaliseKey(raw);
  } catch {
    return notFound(res);
  }
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  const type = CONTENT_TYPES[ext];
  // Private photos are never under /media/, whichever storage holds them (they are at /owners/media/).
  if (!type || !key.includes("/") || isPrivateKey(key)) return notFound(res);

  // With a CDN or public bucket in front of the media, browsers fetch them there (and remember so).
  const publicUrl = publicMediaUrl(key);
  if (publicUrl) {
    res.set("Cache-Control", "public, max-age=31536000, immutable").redirect(301, publicUrl);
    return;
  }

  try {
    const file = await publicMediaStorage().get(key);
    if (!file) return notFound(res);
    const etag = `"${file.size.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;
    res.set({
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ETag: etag,
      "Last-Modified": file.modifiedAt.toUTCString(),
    });
    if (req.headers["if-none-match"] === etag) {
      file.stream.destroy();
      res.status(304).end();
      return;
    }
    res.set("Content-Length", String(file.size));
    if (req.method === "HEAD") {
      file.stream.destroy();
      res.status(200).end();
      return;
    }
    file.stream.on("error", (error) => {
      log.error("media read failed", { key, error });
      res.destroy(error);
    });
    file.stream.pipe(res);
  } catch (error) {
    // Too many open files, an unreadable disk: temporary, so say when to try again.
    const fault = faultOf(error);
    log.error("media lookup failed", { key, error });
    if (res.headersSent) return;
    if (fault) {
      res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
      res.type("text/plain").send("Service Unavailable");
    } else res.status(500).type("text/plain").send("Internal Server Error");
  }
});

function notFound(res: Response) {
  res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
}
