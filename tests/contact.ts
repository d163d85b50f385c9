import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import { FORM_STAMP_FIELD } from "~/contact/contact-form";
import { issueFormStamp } from "~/contact/form-stamp.server";

/** A contact form POST as a browser sends it to `path`, from `ip`, with a stamp issued `ageMs` ago. */
export function contactRequest(
  fields: Record<string, string>,
  {
    ip = "203.0.113.7",
    ageMs = 60_000,
    path = "/contact",
  }: { ip?: string; ageMs?: number; path?: "/contact" | "/da/contact" } = {},
) {
  const body = new URLSearchParams({
    name: "Anne Jensen",
    email: "anne@example.com",
    message: "Could we visit the yard next week?",
    [FORM_STAMP_FIELD]: issueFormStamp(new Date(Date.now() - ageMs)),
    ...fields,
  });
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip },
    body: body.toString(),
  });
}
