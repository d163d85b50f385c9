import { data, Link } from "react-router";
import type { Route } from "./+types/news";
import { PageIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { PostCards } from "~/components/news/post-cards";
import { NewsletterSubscribe } from "~/newsletter/subscribe-panel";
import { formStampFor } from "~/contact/form-stamp.server";
import { submitSubscribe } from "~/newsletter/subscribe.server";
import { FOOTER_SECTION } from "~/newsletter/subscribe-form";
import { redirectWithFormAnswer } from "~/toast/toast.server";
import { listPublishedPosts } from "~/models/post.server";
import { stableNameFrom } from "~/models/site-settings";
import { summaryOf, type PostSummary } from "~/news/post-views.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";

type Page = (
  { state: "failed" } | { state: "missing" } | { state: "found"; posts: PostSummary[]; page: number; pages: number }
) & { formStamp: string };

export const handle = PLAIN_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const param = url.searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,4}$/.test(param) ? Number(param) : 0;
  // Shared through the page cache, the Subscribe form's stamp is put in at the edge for each response.
  const formStamp = formStampFor(request);
  if (!page) return data<Page>({ state: "missing", formStamp }, { status: 404 });
  const read = await readForPage("news", () => listPublishedPosts({ page }));
  if (!read.ok) return data<Page>({ state: "failed", formStamp }, FAILED_READ_INIT);
  const { posts, pages } = read.value;
  if (page > pages) return data<Page>({ state: "missing", formStamp }, { status: 404 });
  const lang = langFromPath(url.pathname);
  const summaries = posts.map((post) => summaryOf(post, lang));
  return { state: "found", posts: summaries, page, pages, formStamp } satisfies Page;
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await submitSubscribe(request);
  // The footer's form: back to the page it was sent from, its answer beside it (decision 0243).
  if (outcome.returnTo) return redirectWithFormAnswer(`${outcome.returnTo}#${FOOTER_SECTION}`, outcome.body);
  return data(outcome.body, { status: outcome.status, headers: outcome.headers });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.set(name, value));
  return merged;
}

export default function NewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData as Page;
  const t = useT();
  const lang = useLang();
  const pageLink = (n: number) => (n === 1 ? pathTo("news", { lang }) : `${pathTo("news", { lang })}?page=${n}`);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <PageIntro eyebrow={t("news.eyebrow")} title={t("news.title")}>
        <p>{t("news.intro")}</p>
      </PageIntro>
      {page.state === "failed" ? (
        <ReadFailed heading={t("news.errorHeading")} text={t("news.errorText")} />
      ) : page.state === "missing" || page.posts.length === 0 ? (
        <p className="mt-12 text-center text-stone-600">{t("news.empty")}</p>
      ) : (
        <>
          <PostCards posts={page.posts} firstIsPriority className="mt-12" />
          {page.pages > 1 ? (
            <nav aria-label={t("news.pagination")} className="mt-10 flex items-center justify-between gap-4">
              {page.page > 1 ? (
                <Link to={pageLink(page.page - 1)} rel="prev" className="font-medium text-brand-700 underline">
                  {t("news.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-stone-600">{t("news.pageOf", { page: page.page, pages: page.pages })}</span>
              {page.page < page.pages ? (
                <Link to={pageLink(page.page + 1)} rel="next" className="font-medium text-brand-700 underline">
                  {t("news.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
      <NewsletterSubscribe stamp={actionData?.formStamp ?? page.formStamp} outcome={actionData} />
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  const name = stableNameFrom(args.matches);
  return seo(args, { title: `${t("news.title")} | ${name}`, description: t("news.metaDescription", { name }) });
}
