import MarkdownIt from "markdown-it";

/**
 * A post's body: a small Markdown subset (paragraphs, headings, bold, italic, links, lists). Raw HTML
 * is never passed through (html: false escapes it), images and code are not part of the subset, and
 * a link keeps only an http(s) or mailto address; anything else stays plain text.
 */
const md = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: true });
md.enable(["heading", "lheading", "list", "emphasis", "link", "newline", "escape", "entity"]);

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
md.validateLink = (url) => SAFE_LINK.test(url.trim());

// The post's title is a heading of the page (`titleLevel`, an h1 on its own page): the body's
// headings start one level below it.
md.core.ruler.push("post_headings", (state) => {
  const lowest = Math.min(6, ((state.env as { titleLevel?: number }).titleLevel ?? 1) + 1);
  for (const token of state.tokens) {
    if (token.type !== "heading_open" && token.type !== "heading_close") continue;
    const level = Number(token.tag.slice(1));
    if (level < lowest) token.tag = `h${lowest}`;
  }
});

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("rel", "nofollow noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The body as safe HTML, its headings below a title of `titleLevel` (1: the post's own page). */
export function renderPostBody(markdown: string, { titleLevel = 1 }: { titleLevel?: number } = {}): string {
  return md.render(markdown, { titleLevel });
}

/** The body's words as plain text (no markup), for excerpts, feeds' summaries and mails. */
export function postPlainText(markdown: string): string {
  const parts: string[] = [];
  for (const token of md.parse(markdown, {})) {
    if (token.type !== "inline") continue;
    const text = (token.children ?? [])
      .map((c) => (c.type === "text" || c.type === "code_inline" ? c.content : c.type === "softbreak" ? " " : ""))
      .join("");
    if (text.trim()) parts.push(text.trim());
  }
  return parts.join(" ").replace(/\s+/g, " ");
}

/** The first words of the body, cut at a word and marked with an ellipsis when cut. */
export function postExcerpt(markdown: string, max = 200): string {
  const text = postPlainText(markdown);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
