import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/messages";
import { ShowToast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";
import type { AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import {
  countContactMessagesByState,
  countUnreadContactMessages,
  listContactMessages,
  markContactMessageRead,
  retryContactMessage,
  type ContactMessage,
} from "~/models/contact-message.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { adminMeta } from "./+shared/admin-meta";
import { messageOpenSchema, messageRetrySchema } from "./+shared/admin-forms";
import { OpenMessage } from "./+shared/open-message";
import { highlightClass } from "./+shared/record-list";
import { itemAnchor, openMessagePath } from "./+shared/item-links";
import { openTab } from "./+shared/tab-reads.server";
import { contactRecipient } from "~/contact/contact-delivery.server";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { formatDanishTime } from "~/racing/format";
import { preview } from "~/utils/preview";
import { showInvisible } from "~/utils/visible-text";
import { cn } from "~/utils/cn";

const TAB = "/admin/messages";

/** A page of the list. */
const listPage = (page: number) => `${TAB}${page > 1 ? `?page=${page}` : ""}`;
const PAGE_SIZE = 50;
const PREVIEW_LENGTH = 140;
const OPEN_PARAM = "open";

/**
 * Opening a message marks it read, as opening a mail does, and shows it whole (`?open=id`). A form,
 * not a link, so that looking at the list (or the browser fetching it ahead) changes nothing. Not
 * recorded in the activity log: reading changes nothing on the site.
 */
async function open(id: string) {
  return (await markContactMessageRead(id)) ? { id } : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  await openTab(request);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  const [messages, counts, unread, recipient] = await Promise.all([
    listContactMessages({ limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }),
    countContactMessagesByState(),
    countUnreadContactMessages(),
    contactRecipient(),
  ]);
  // Visitors' text: invisible characters (direction overrides, zero-width ones) are shown by code.
  const shown = messages.slice(0, PAGE_SIZE).map((m) => ({
    ...m,
    name: showInvisible(m.name),
    email: showInvisible(m.email),
    message: showInvisible(m.message),
  }));
  return { messages: shown, hasMore: messages.length > PAGE_SIZE, page, counts, unread, recipient };
}

/** Sends a failed message again, with a fresh round of attempts; null when it is not waiting for a retry. */
async function queueAgain(id: string) {
  if (!(await retryContactMessage(id, { extraAttempts: env().CONTACT_MAX_ATTEMPTS }))) return null;
  log.info("contact message queued again by an admin", { id });
  wakeMailDelivery();
  return { id };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "messages.retryFailed",
  intents: {
    open: intent({
      schema: messageOpenSchema,
      failure: "messages.openFailed",
      write: ({ data }) => open(data.id),
      missing: { toast: "messages.notFound", status: 404 },
      success: (_, { data }) => ({ toast: false, to: openMessagePath(data.id, listPage(data.page)) }),
    }),
    retry: intent({
      schema: messageRetrySchema,
      failure: "messages.retryFailed",
      invalidToast: (_, t) => t("messages.retryFailed"),
      write: ({ data }) => queueAgain(data.id),
      missing: { toast: "messages.notWaiting", status: 409 },
      // Back to the page of messages it was sent from.
      success: (_, { request }) => ({
        title: "messages.queued",
        description: "messages.queuedText",
        to: new URL(request.url).pathname + new URL(request.url).search,
      }),
    }),
  },
});

const STATE_CLASS: Record<ContactMessage["state"], string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

const when = (iso: string) => formatDanishTime(iso, "minute");

const previewOf = (text: string) => preview(text, PREVIEW_LENGTH);

const attempts = (count: number, t: AdminTranslate) =>
  t(count === 1 ? "messages.attemptsOne" : "messages.attemptsMany", { count });

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, counts, unread, recipient, page, hasMore } = loaderData;
  const t = useAdminT();
  const [params] = useSearchParams();
  const openId = params.get(OPEN_PARAM);
  const listHref = listPage(page);
  return (
    <section aria-labelledby="messages-heading" className="space-y-6">
      <ShowToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="messages-heading" className="text-2xl font-bold text-brand-900">
          {t("messages.title")}
        </h2>
        <p className="text-sm text-stone-600">
          {unread > 0 ? (
            <strong className="text-stone-900">{t("messages.unreadCount", { count: unread })} · </strong>
          ) : null}
          {t("messages.counts", {
            sent: counts.sent,
            waiting: counts.pending + counts.sending,
            failed: counts.failed,
          })}
        </p>
      </div>
      {recipient ? (
        <p className="text-sm text-stone-600">
          {t("messages.recipientBefore")} <strong>{recipient}</strong>
          {t("messages.recipientAfter")}
        </p>
      ) : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t("messages.noRecipient")}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-stone-600">{t("messages.empty")}</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((m) => (
            <li key={m.id} id={itemAnchor(m.id)} className="scroll-mt-24">
              <MessageCard message={m} open={m.id === openId} listHref={listHref} page={page} />
            </li>
          ))}
        </ol>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label={t("messages.pages")} className="flex justify-between">
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t("messages.newer")}</Link> : <span />}
          {hasMore ? <Link to={`?page=${page + 1}`}>{t("messages.older")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** A message: its sender, delivery and a preview; opened, the whole text and a reply link. */
function MessageCard({
  message: m,
  open,
  listHref,
  page,
}: {
  message: ContactMessage;
  open: boolean;
  /** This page of the list, to close the message again. */
  listHref: string;
  page: number;
}) {
  const t = useAdminT();
  const isNew = m.readAt === null;
  return (
    <article
      aria-label={t("messages.from", { name: m.name })}
      className={cn("rounded-xl border border-stone-200 bg-white p-5 shadow-sm", open && highlightClass)}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-sans text-lg font-semibold text-stone-900">
            {m.name}
            {isNew ? (
              <span className="ml-2 rounded-full bg-brand-700 px-2.5 py-0.5 align-middle text-xs font-semibold text-white">
                {t("messages.new")}
              </span>
            ) : null}
          </h3>
          <a href={`mailto:${m.email}`} className="break-all text-brand-700 underline underline-offset-4">
            {m.email}
          </a>
          <p className="text-sm text-stone-500">
            <time dateTime={m.createdAt}>{t("messages.received", { time: when(m.createdAt) })}</time>
          </p>
        </div>
        <div className="text-right text-sm">
          <span className={`inline-block rounded-full px-3 py-1 font-medium ${STATE_CLASS[m.state]}`}>
            {t(`messages.state.${m.state}`)}
          </span>
          <p className="mt-1 text-stone-600">
            {attempts(m.attempts, t)}
            {m.sentAt ? (
              <>
                {" "}
                · <time dateTime={m.sentAt}>{t("messages.sentAt", { time: when(m.sentAt) })}</time>
              </>
            ) : m.state === "pending" && m.attempts > 0 ? (
              <>
                {" "}
                · <time dateTime={m.nextAttemptAt}>{t("messages.nextTry", { time: when(m.nextAttemptAt) })}</time>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words text-stone-800">{open ? m.message : previewOf(m.message)}</p>
      {m.lastError && m.state !== "sent" ? (
        <p className="mt-3 text-sm text-red-800">{t("messages.lastError", { error: m.lastError })}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {open ? (
          <>
            <a href={`mailto:${m.email}`} className={buttonClass.small}>
              {t("messages.reply")}
            </a>
            <Link to={listHref} preventScrollReset className={buttonClass.small}>
              {t("messages.close")}
            </Link>
          </>
        ) : (
          <OpenMessage id={m.id} name={m.name} page={page} />
        )}
        {m.state === "failed" ? (
          <Form method="post">
            <input type="hidden" name="id" value={m.id} />
            <button type="submit" name="intent" value="retry" className={buttonClass.primary}>
              {t("messages.retry")}
            </button>
          </Form>
        ) : null}
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.messages");
