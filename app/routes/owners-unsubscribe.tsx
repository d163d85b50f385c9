import { data, Form } from "react-router";
import type { Route } from "./+types/owners-unsubscribe";
import { PageIntro } from "~/components/page-intro";
import { SubmitButton } from "~/components/ui/button";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { useT } from "~/i18n/use-lang";
import { turnOffNotice } from "~/models/owner-notice-settings.server";
import type { OwnerNoticeKind } from "~/models/owner-account";
import { stableNameFrom } from "~/models/site-settings";
import { unsubscribeTarget } from "~/owners/notice-mail.server";
import { PRIVATE, privateHeaders } from "~/owners/owner-page.server";
import { readForm } from "~/platform/form-data.server";
import { log } from "~/platform/log.server";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { seo } from "~/seo/seo";

export const handle = PLAIN_PAGE;

type Page =
  | { state: "ask"; email: string; kind: OwnerNoticeKind; token: string }
  | { state: "done"; kind: OwnerNoticeKind }
  | { state: "bad" };

/** The token from the link, or from the page's own form. */
function tokenOf(url: string, form?: FormData) {
  const fromForm = form?.get("token");
  return (typeof fromForm === "string" && fromForm) || new URL(url).searchParams.get("token") || "";
}

const bad = () => data<Page>({ state: "bad" }, { status: 404, headers: PRIVATE });

// Opening the link only shows a button (a mail scanner following links changes nothing); the
// button and the RFC 8058 one-click POST (body List-Unsubscribe=One-Click, token in the link) act.
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request.url);
  const target = await unsubscribeTarget(token);
  if (!target) return bad();
  return data<Page>({ state: "ask", email: target.account.email, kind: target.kind, token }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const target = await unsubscribeTarget(tokenOf(request.url, await readForm(request)));
  if (!target || !(await turnOffNotice(target.account.userId, target.kind))) return bad();
  log.info("owner notices turned off by an unsubscribe link", { kind: target.kind });
  return data<Page>({ state: "done", kind: target.kind }, { headers: PRIVATE });
}

export const headers = privateHeaders;

export default function OwnersUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const page = (actionData ?? loaderData) as Page;
  const t = useT();
  const [title, text] =
    page.state === "ask"
      ? [
          t("owners.unsubscribeTitle"),
          t("owners.unsubscribeText", { kind: t(`owners.noticeLower.${page.kind}`), email: page.email }),
        ]
      : page.state === "done"
        ? [t("owners.unsubscribedTitle"), t("owners.unsubscribedText", { kind: t(`owners.noticeLower.${page.kind}`) })]
        : [t("owners.badLinkTitle"), t("owners.unsubscribeBadText")];
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <PageIntro eyebrow={t("owners.area")} title={title}>
        <p>{text}</p>
      </PageIntro>
      {page.state === "ask" ? (
        <Form method="post" className="mt-8 text-center">
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton busy={false} busyLabel={t("owners.unsubscribeButton")} className="px-5 py-3 text-base">
            {t("owners.unsubscribeButton")}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("owners.unsubscribeMeta", { name: stableNameFrom(args.matches) }),
    description: t("owners.unsubscribeTitle"),
    noindex: true,
  });
}
