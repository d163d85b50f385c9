import { Migrator, type Kysely, type Migration } from "kysely";
import * as content from "./0001-content";
import * as rateLimits from "./0002-rate-limits";
import * as auth from "./0003-auth";
import * as contactMessages from "./0005-contact-messages";
import * as mailQueue from "./0010-mail-queue";
import * as formStamps from "./0011-form-stamps";
import * as backupSchedule from "./0012-backup-schedule";
import * as runners from "./0020-runners";
import * as trashAndActivity from "./0030-trash-and-activity";
import * as activityRepeats from "./0035-activity-repeats";
import * as adminLanguageAndReadMessages from "./0045-admin-language-and-read-messages";
import * as siteSettings from "./0050-site-settings";
import * as runnerStatus from "./0060-runner-status";
import * as mailKinds from "./0061-mail-kinds";
import * as posts from "./0070-posts";
import * as newsletter from "./0071-newsletter";
import * as postNewsletter from "./0072-post-newsletter";
import * as owners from "./0080-owners";
import * as ownersPosts from "./0085-owners-posts";
import * as ownersPostSlugs from "./0095-owners-post-slugs";
import * as mailToAddress from "./0096-mail-to-address";
import * as withheldInvitations from "./0097-withheld-invitations";
import * as bilingualContent from "./0100-bilingual-content";
import * as horseDetails from "./0101-horse-details";
import * as ownerAllHorsesCalendar from "./0110-owner-all-horses-calendar";
import * as jobRuns from "./0120-job-runs";
import * as billing from "./0130-billing";
import * as indexesFlatWithHistory from "./0150-indexes-flat-with-history";
import * as dhImport from "./0190-dh-import";

// Listed explicitly (not read from disk) so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  "0001-content": content,
  "0002-rate-limits": rateLimits,
  "0003-auth": auth,
  "0005-contact-messages": contactMessages,
  "0010-mail-queue": mailQueue,
  "0011-form-stamps": formStamps,
  "0012-backup-schedule": backupSchedule,
  "0020-runners": runners,
  "0030-trash-and-activity": trashAndActivity,
  "0035-activity-repeats": activityRepeats,
  "0045-admin-language-and-read-messages": adminLanguageAndReadMessages,
  "0050-site-settings": siteSettings,
  "0060-runner-status": runnerStatus,
  "0061-mail-kinds": mailKinds,
  "0070-posts": posts,
  "0071-newsletter": newsletter,
  "0072-post-newsletter": postNewsletter,
  "0080-owners": owners,
  "0085-owners-posts": ownersPosts,
  "0095-owners-post-slugs": ownersPostSlugs,
  "0096-mail-to-address": mailToAddress,
  "0097-withheld-invitations": withheldInvitations,
  "0100-bilingual-content": bilingualContent,
  "0101-horse-details": horseDetails,
  "0110-owner-all-horses-calendar": ownerAllHorsesCalendar,
  "0120-job-runs": jobRuns,
  "0130-billing": billing,
  "0150-indexes-flat-with-history": indexesFlatWithHistory,
  "0190-dh-import": dhImport,
};

/** The migrations this version of the site knows, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/** Kysely's bookkeeping tables: which migrations ran, and the lock that serialises running them. */
export const MIGRATION_TABLES = ["schema_migrations", "schema_migrations_lock"] as const;

export function migrator(db: Kysely<any>) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLES[0],
    migrationLockTableName: MIGRATION_TABLES[1],
  });
}

function applied(outcome: Awaited<ReturnType<Migrator["migrateToLatest"]>>) {
  const { error, results } = outcome;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export async function migrateToLatest(db: Kysely<any>) {
  return applied(await migrator(db).migrateToLatest());
}

/** Applies pending migrations up to and including `name` (never reverts any). */
export async function migrateUpTo(db: Kysely<any>, name: string) {
  const m = migrator(db);
  const known = await m.getMigrations();
  const ahead = known.some((k) => k.executedAt && k.name > name);
  return ahead ? [] : applied(await m.migrateTo(name));
}
