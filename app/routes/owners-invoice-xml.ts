import type { Route } from "./+types/owners-invoice-xml";
import { ublFile } from "~/billing/document-files.server";
import { ownerIssuedDocument } from "~/owners/owner-billing.server";
import { failed, fileResponse, isRecordId, notFound, payingOwner } from "~/owners/owner-download.server";

/**
 * GET /owners/invoices/<id>.xml: an owner's own issued invoice or credit note as its e-invoice (UBL
 * 2.1, Peppol BIS Billing 3.0), to import into their bookkeeping; 404 for anything else.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isRecordId(params.id)) return notFound();
  try {
    const owner = await payingOwner(request);
    const doc = owner && (await ownerIssuedDocument(owner.id, params.id));
    if (!doc) return notFound();
    return fileResponse(request, ublFile(doc));
  } catch (error) {
    return failed("an owner's e-invoice", error);
  }
}
