import { Form } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { SubmitButton } from "~/components/ui/button";
import type { MessageKey } from "~/i18n/dictionary";
import { useT } from "~/i18n/use-lang";

/** What a confirm or unsubscribe link shows: a button to press (GET never changes anything), the outcome, or a dead link. */
export type TokenPageData = { state: "ask"; email: string; token: string } | { state: "done" } | { state: "bad" };

export function TokenPage({
  page,
  texts,
}: {
  page: TokenPageData;
  texts: { title: MessageKey; text: MessageKey; button: MessageKey; doneTitle: MessageKey; doneText: MessageKey };
}) {
  const t = useT();
  const [title, text] =
    page.state === "ask"
      ? [t(texts.title), t(texts.text, { email: page.email })]
      : page.state === "done"
        ? [t(texts.doneTitle), t(texts.doneText)]
        : [t("newsletter.badLinkTitle"), t("newsletter.badLinkText")];
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <PageIntro eyebrow={t("newsletter.heading")} title={title}>
        <p>{text}</p>
      </PageIntro>
      {page.state === "ask" ? (
        <Form method="post" className="mt-8">
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton busy={false} busyLabel={t(texts.button)} className="px-5 py-3 text-base">
            {t(texts.button)}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

/** The token from the link (query) or from the page's form; the one-click POST carries it in the link. */
export function tokenOf(url: string, form?: FormData) {
  const fromForm = form?.get("token");
  const value = typeof fromForm === "string" && fromForm ? fromForm : new URL(url).searchParams.get("token");
  return value ?? "";
}
