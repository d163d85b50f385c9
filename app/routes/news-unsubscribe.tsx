import { data } from "react-router";
import type { Route } from "./+types/news-unsubscribe";
import { findByUnsubscribeToken, unsubscribe } from "~/models/subscriber.server";
import { TokenPage, tokenOf, type TokenPageData } from "~/newsletter/token-page";
import { readForm } from "~/platform/form-data.server";
import { log } from "~/platform/log.server";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";

export const handle = PLAIN_PAGE;

const NO_STORE = { "Cache-Control": "no-store" };

// Opening the link only shows a button; the button and the one-click POST (RFC 8058) unsubscribe.
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request.url);
  const subscriber = await findByUnsubscribeToken(token);
  if (!subscriber) return data<TokenPageData>({ state: "bad" }, { status: 404, headers: NO_STORE });
  return data<TokenPageData>({ state: "ask", email: subscriber.email, token }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(await unsubscribe(tokenOf(request.url, form)))) {
    return data<TokenPageData>({ state: "bad" }, { status: 404, headers: NO_STORE });
  }
  log.info("newsletter subscriber unsubscribed");
  // An explicit 200: the page's loader runs after the action and no longer finds the token (404).
  return data<TokenPageData>({ state: "done" }, { status: 200, headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function NewsUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TokenPage
      page={(actionData ?? loaderData) as TokenPageData}
      texts={{
        title: "newsletter.unsubscribeTitle",
        text: "newsletter.unsubscribeText",
        button: "newsletter.unsubscribeButton",
        doneTitle: "newsletter.unsubscribedTitle",
        doneText: "newsletter.unsubscribedText",
      }}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, { title: t("newsletter.unsubscribeTitle"), description: t("newsletter.intro"), noindex: true });
}
