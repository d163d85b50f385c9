import fs from "node:fs";
import path from "node:path";

/** The decision records and their index (docs/decisions/README.md), which `npm run decisions:index` writes. */

export const DECISIONS_DIR = path.resolve(import.meta.dirname, "../docs/decisions");
export const INDEX_FILE = "README.md";

export type DecisionRecord = { file: string; number: string; title: string; status: string };

const RECORD_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** The record files of a folder, by name (the index aside). */
export function recordFiles(dir = DECISIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md") && name !== INDEX_FILE)
    .sort();
}

/** A record's number, title and status, read from its file; an Error saying what is missing. */
export function parseRecord(file: string, text: string): DecisionRecord {
  const number = RECORD_FILE.exec(file)?.[1];
  if (!number) throw new Error(`${file}: a record is named NNNN-what-was-decided.md`);
  const heading = /^# (.+)$/m.exec(text)?.[1]?.trim();
  if (!heading) throw new Error(`${file}: no title (a first line "# ${number} Title")`);
  const status = /^Status:\s*(.+)$/im.exec(text)?.[1]?.trim();
  if (!status) throw new Error(`${file}: no "Status: accepted" line under the title`);
  return { file, number, title: heading.replace(new RegExp(`^${number}\\s+`), ""), status };
}

/** A status as the index shows it: "Accepted", "Superseded by [0120](…)", remarks in brackets left to the record. */
function shownStatus(status: string, files: ReadonlyMap<string, string>): string {
  const plain = status.replace(/\s*\([^)]*\)/g, "").trim();
  const capital = plain.charAt(0).toUpperCase() + plain.slice(1);
  return capital.replace(/\b\d{4}\b/g, (n) => (files.has(n) ? `[${n}](${files.get(n)})` : n));
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The index of `records`: a line each, in number order. */
export function renderIndex(records: readonly DecisionRecord[]): string {
  const sorted = [...records].sort((a, b) => (a.file < b.file ? -1 : 1));
  const files = new Map(sorted.map((r) => [r.number, r.file]));
  return [
    "# Decision records",
    "",
    "One line per record: its number, what was decided and whether it still holds. This file is",
    "generated from the records by `npm run decisions:index`, and `scripts/decision-records.test.ts`",
    "fails when a record is missing here or its line no longer says what the record does. A new",
    "record is `NNNN-what-was-decided.md` (a number of your own range), starting `# NNNN Title`,",
    "`Status: accepted` and `Date:`; a record replaced by a later one says `Status: superseded by",
    "NNNN`. After a merge that conflicts here, take either side and run the command again.",
    "",
    "| No. | Decision | Status |",
    "| --- | --- | --- |",
    ...sorted.map((r) => `| [${r.number}](${r.file}) | ${cell(r.title)} | ${cell(shownStatus(r.status, files))} |`),
    "",
  ].join("\n");
}

/** Every record of a folder, parsed. */
export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return recordFiles(dir).map((file) => parseRecord(file, fs.readFileSync(path.join(dir, file), "utf8")));
}
