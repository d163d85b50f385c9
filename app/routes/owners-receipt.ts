import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Route } from "./+types/owners-receipt";
import { mediaStorage } from "~/media/media-storage.server";
import { contentTypeOf } from "~/media/object-storage.server";
import { receiptFor } from "~/models/cost.server";
import { failed, isRecordId, notFound, payingOwner, PRIVATE_FILE } from "~/owners/owner-download.server";
import { log } from "~/platform/log.server";

/** A receipt is a photo or a PDF. */
const receiptType = (key: string) => (key.toLowerCase().endsWith(".pdf") ? "application/pdf" : contentTypeOf(key));

/**
 * GET /owners/receipts/<cost id>: the receipt of a cost the owner pays part of (a part of one of its
 * horses on its date), from the private storage; 404 for anything else, a guest and a revoked owner.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isRecordId(params.id)) return notFound();
  try {
    const owner = await payingOwner(request);
    const key = owner && (await receiptFor({ id: owner.id, isAdmin: false }, params.id));
    if (!key) return notFound();
    const file = await mediaStorage().get(key);
    if (!file) return notFound();
    const name = key.slice(key.lastIndexOf("/") + 1);
    const type = receiptType(key);
    const headers = {
      ...PRIVATE_FILE,
      "Content-Type": type,
      "Content-Length": String(file.size),
      // A photo opens in the browser; a PDF is saved (a sandboxed answer would not open in its viewer).
      "Content-Disposition": `${type === "application/pdf" ? "attachment" : "inline"}; filename="${name}"`,
    };
    if (request.method === "HEAD") {
      file.stream.destroy();
      return new Response(null, { headers });
    }
    file.stream.on("error", (error) => log.error("a receipt's read failed", { key, error }));
    return new Response(Readable.toWeb(file.stream) as WebReadableStream as ReadableStream, { headers });
  } catch (error) {
    return failed("an owner's receipt", error);
  }
}
