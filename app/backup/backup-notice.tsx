import type { BackupFailureNotice } from "./schedule.server";

const danishTime = (iso: string) =>
  new Date(iso).toLocaleString("da-DK", { timeZone: "Europe/Copenhagen", dateStyle: "short", timeStyle: "short" });

/** Shown on every admin page while the last scheduled backup has failed. */
export function BackupNotice({ failure }: { failure: BackupFailureNotice | null }) {
  if (!failure) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{`The last scheduled backup failed (${danishTime(failure.failedAt)}).`}</p>
      <p className="mt-1 break-words">{failure.error}</p>
      <p className="mt-1">
        {[
          "The site keeps running.",
          failure.nextAttemptAt ? `The next attempt is at ${danishTime(failure.nextAttemptAt)}.` : "",
          "The server log has the details.",
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
    </div>
  );
}
