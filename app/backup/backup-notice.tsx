import { useAdminT } from "~/i18n/admin/use-admin-t";
import { formatDanishTime } from "~/racing/format";

const danishTime = (iso: string) => formatDanishTime(iso, "minute");
import type { BackupFailureNotice } from "./schedule.server";

/** Shown on the admin pages while the last scheduled backup has failed. */
export function BackupNotice({ failure }: { failure: BackupFailureNotice | null }) {
  const t = useAdminT();
  if (!failure) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{t("backup.failed", { time: danishTime(failure.failedAt) })}</p>
      <p className="mt-1 break-words">{failure.error}</p>
      <p className="mt-1">
        {[
          t("backup.keepsRunning"),
          failure.nextAttemptAt ? t("backup.nextAttempt", { time: danishTime(failure.nextAttemptAt) }) : "",
          t("backup.seeLog"),
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
    </div>
  );
}
