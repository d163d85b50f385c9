/**
 * `npm run decisions:index`: writes docs/decisions/README.md, the index of the decision records
 * (number, title, status), from the records themselves.
 */
import fs from "node:fs";
import path from "node:path";
import { DECISIONS_DIR, INDEX_FILE, readRecords, renderIndex } from "./decision-records";

const records = readRecords();
fs.writeFileSync(path.join(DECISIONS_DIR, INDEX_FILE), renderIndex(records));
console.log(`docs/decisions/${INDEX_FILE}: ${records.length} records`);
