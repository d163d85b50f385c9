import { Form, Link } from "react-router";
import type { Route } from "./+types/messages";
import { ShowToast } from "~/components/ui/toast";
import {
  countContactMessagesByState,
  listContactMessages,
  retryContactMessage,
  type ContactMessage,
} from "~/models/contact-message.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { messageRetrySchema } from "./+shared/admin-forms";
import { requireAdmin } from "~/auth/auth.server";
import { contactRecipient } from "~/contact/contact-delivery.server";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { showInvisible } from "~/utils/visible-text";
import { buttonClass } from "~/components/ui/button";

const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const [messages, counts, recipient] = await Promise.all([
    listContactMessages({ limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }),
    countContactMessagesByState(),
    contactRecipient(),
  ]);
  // Visitors' text: invisible characters (direction overrides, zero-width ones) are shown by code.
  const shown = messages.slice(0, PAGE_SIZE).map((m) => ({
    ...m,
    name: showInvisible(m.name),
    email: showInvisible(m.email),
    message: showInvisible(m.message),
  }));
  return { messages: shown, hasMore: messages.length > PAGE_SIZE, page, counts, recipient };
}

const FAILED = "Failed to retry message";

/** Sends a failed message again, with a fresh round of attempts; null when it is not waiting for a retry. */
async function queueAgain(id: string) {
  if (!(await retryContactMessage(id, { extraAttempts: env().CONTACT_MAX_ATTEMPTS }))) return null;
  log.info("contact message queued again by an admin", { id });
  wakeMailDelivery();
  return { id };
}

export const action = adminAction({
  tab: "/admin/messages",
  otherFailure: FAILED,
  intents: {
    retry: intent({
      schema: messageRetrySchema,
      failure: FAILED,
      invalidToast: () => FAILED,
      write: ({ data }) => queueAgain(data.id),
      missing: { toast: "Failed to retry message: it is not waiting for a retry.", status: 409 },
      // Back to the page of messages it was sent from.
      success: (_, { request }) => ({
        title: "Message Queued",
        description: "The message will be sent again shortly.",
        to: new URL(request.url).pathname + new URL(request.url).search,
      }),
    }),
  },
});

const STATE_LABEL: Record<ContactMessage["state"], string> = {
  pending: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

const STATE_CLASS: Record<ContactMessage["state"], string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

const when = (iso: string) =>
  new Date(iso).toLocaleString("da-DK", { timeZone: "Europe/Copenhagen", dateStyle: "short", timeStyle: "short" });

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, counts, recipient, page, hasMore } = loaderData;
  return (
    <section aria-labelledby="messages-heading" className="space-y-6">
      <ShowToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="messages-heading" className="text-2xl font-semibold text-brand-900">
          Messages
        </h2>
        <p className="text-sm text-stone-600">
          {counts.sent} sent · {counts.pending + counts.sending} waiting · {counts.failed} failed
        </p>
      </div>
      {recipient ? (
        <p className="text-sm text-stone-600">
          New messages are e-mailed to <strong>{recipient}</strong>; replying to one answers the visitor.
        </p>
      ) : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Messages are not being e-mailed: there is no address to send them to. Enter an e-mail address under Contact
          Info (or set CONTACT_TO on the server); waiting messages are then sent at once.
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-stone-600">No messages yet.</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((m) => (
            <li key={m.id}>
              <article
                aria-label={`Message from ${m.name}`}
                className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
              >
                <header className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-sans text-lg font-semibold text-stone-900">{m.name}</h3>
                    <a href={`mailto:${m.email}`} className="break-all text-brand-700 underline underline-offset-4">
                      {m.email}
                    </a>
                    <p className="text-sm text-stone-500">
                      Received <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                    </p>
                  </div>
                  <div className="text-right text-sm">
                    <span className={`inline-block rounded-full px-3 py-1 font-medium ${STATE_CLASS[m.state]}`}>
                      {STATE_LABEL[m.state]}
                    </span>
                    <p className="mt-1 text-stone-600">
                      {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                      {m.sentAt ? (
                        <>
                          {" "}
                          · sent <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
                        </>
                      ) : m.state === "pending" && m.attempts > 0 ? (
                        <>
                          {" "}
                          · next try <time dateTime={m.nextAttemptAt}>{when(m.nextAttemptAt)}</time>
                        </>
                      ) : null}
                    </p>
                  </div>
                </header>
                <p className="mt-3 whitespace-pre-wrap break-words text-stone-800">{m.message}</p>
                {m.lastError && m.state !== "sent" ? (
                  <p className="mt-3 text-sm text-red-800">Last error: {m.lastError}</p>
                ) : null}
                {m.state === "failed" ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" name="intent" value="retry" className={buttonClass.primary}>
                      Retry sending
                    </button>
                  </Form>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Message pages" className="flex justify-between">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Newer messages</Link> : <span />}
          {hasMore ? <Link to={`?page=${page + 1}`}>Older messages</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export function meta() {
  return [{ title: "Messages | Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
