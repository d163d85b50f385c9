import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, INDEX_FILE, parseRecord, readRecords, recordFiles, renderIndex } from "./decision-records";

const FIX = "run `npm run decisions:index`";

describe("a decision record", () => {
  it("gives its number, title and status, and says what it lacks", () => {
    expect(parseRecord("0141-one-import-style.md", "# 0141 One import style\n\nStatus: accepted\nDate: x\n")).toEqual({
      file: "0141-one-import-style.md",
      number: "0141",
      title: "One import style",
      status: "accepted",
    });
    expect(parseRecord("0001-money.md", "# Money as whole øre\n\nStatus: accepted\n").title).toBe("Money as whole øre");
    expect(() => parseRecord("0192-news.md", "# 0192 News\n\n## Context\n")).toThrow(/no "Status: accepted"/);
    expect(() => parseRecord("notes.md", "# Notes\nStatus: accepted\n")).toThrow(/NNNN-what-was-decided/);
  });

  it("is one line of the index, a superseding record linked", () => {
    const index = renderIndex([
      { file: "0120-plain-pages.md", number: "0120", title: "Plain pages | no hydration", status: "accepted" },
      {
        file: "0063-budget.md",
        number: "0063",
        title: "A JavaScript budget",
        status: "superseded by 0120 (public pages are plain HTML)",
      },
    ]);
    expect(index.split("\n").filter((line) => line.startsWith("| ["))).toEqual([
      "| [0063](0063-budget.md) | A JavaScript budget | Superseded by [0120](0120-plain-pages.md) |",
      "| [0120](0120-plain-pages.md) | Plain pages \\| no hydration | Accepted |",
    ]);
  });
});

describe("the index of decision records", () => {
  const records = readRecords();
  const index = fs.readFileSync(path.join(DECISIONS_DIR, INDEX_FILE), "utf8");

  it("lists every record, and only records that exist", () => {
    const listed = new Set([...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]!));
    const files = recordFiles();
    const missing = files.filter((file) => !listed.has(file));
    expect(missing, `Not in docs/decisions/${INDEX_FILE} (${FIX}):\n${missing.join("\n")}`).toEqual([]);
    const gone = [...listed].filter((file) => !files.includes(file));
    expect(gone, `Listed in docs/decisions/${INDEX_FILE} but not there (${FIX}):\n${gone.join("\n")}`).toEqual([]);
  });

  it("gives each record a number of its own", () => {
    const byNumber = new Map<string, typeof records>();
    for (const r of records) byNumber.set(r.number, [...(byNumber.get(r.number) ?? []), r]);
    const shared = [...byNumber]
      .filter(([, all]) => all.length > 1)
      .map(([n, all]) => `${n}: ${all.map((r) => r.file).join(", ")}`);
    expect(shared, `Records sharing a number (renumber one within its author's range):\n${shared.join("\n")}`).toEqual(
      [],
    );
  });

  it("says what each record says: its title and status", () => {
    expect(index, `docs/decisions/${INDEX_FILE} is out of date: ${FIX}`).toBe(renderIndex(records));
  });

  it("names only records that exist as the ones superseding others", () => {
    const numbers = new Set(records.map((r) => r.number));
    const dangling = records.flatMap((r) =>
      [...r.status.matchAll(/superseded(?: in part)? by (\d{4})/gi)]
        .map((m) => m[1]!)
        .filter((n) => !numbers.has(n))
        .map((n) => `${r.file}: superseded by ${n}, which is not a record`),
    );
    expect(dangling).toEqual([]);
  });
});
