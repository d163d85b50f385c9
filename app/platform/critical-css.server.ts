// The whole stylesheet, compiled by Vite/Tailwind into the server bundle (it is ~5 kB compressed):
// inlined into every document so the first paint waits for no other request.
import css from "~/app.css?inline";

export const SITE_CSS: string = css;
