import type { Route } from "./+types/owners-invoice-pdf";
import { pdfFile } from "~/billing/document-files.server";
import { ownerIssuedDocument } from "~/owners/owner-billing.server";
import { failed, fileResponse, isRecordId, notFound, payingOwner } from "~/owners/owner-download.server";

/** GET /owners/invoices/<id>.pdf: an owner's own issued invoice or credit note as its PDF; 404 for anything else. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isRecordId(params.id)) return notFound();
  try {
    const owner = await payingOwner(request);
    const doc = owner && (await ownerIssuedDocument(owner.id, params.id));
    if (!doc) return notFound();
    return fileResponse(request, await pdfFile(doc));
  } catch (error) {
    return failed("an owner's invoice PDF", error);
  }
}
