import { config } from "zod";

// The pages' policy allows no eval. Without this zod probes for it when a schema is built (a CSP
// report in the console, which Lighthouse counts against the page) to compile its parsers, which
// a three-field form does not need. Imported before any module that builds a schema.
config({ jitless: true });
