import type { Route } from "./+types/billing-document";
import { documentFile } from "~/billing/billing-overview.server";
import { openTab } from "./+shared/tab-reads.server";

/**
 * An issued invoice's or credit note's PDF or e-invoice (UBL 2.1, Peppol BIS Billing 3.0) for the
 * administrators: `/admin/billing/documents/12.pdf` or `12.xml`, made from the stored document. A
 * draft or a number not issued is a 404. Never stored by any cache, always a file to save.
 */
const NAME = /^(\d{1,12})\.(pdf|xml)$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  await openTab(request);
  const m = NAME.exec(params["*"] ?? "");
  const file = m ? await documentFile(m[1]!, m[2] as "pdf" | "xml") : null;
  if (!file) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType === "application/xml" ? "application/xml; charset=utf-8" : file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
