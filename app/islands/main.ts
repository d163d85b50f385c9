/**
 * The script of the plain public pages (decision 0120): they are server-rendered HTML that works
 * without JavaScript; this adds what needs the browser. Each entry is bundled on its own (?worker&url).
 */
import { startPage } from "./start";

startPage();
