import { describe, expect, test } from "vitest";
import { postExcerpt, postPlainText, renderPostBody } from "./markdown.server";

describe("a post's body", () => {
  test("renders the subset: paragraphs, headings, bold, italic, links, lists", () => {
    const html = renderPostBody(
      "# Big day\n\nNordlys **won**, *easily*.\n\n- one\n- two\n\n1. a\n\n[Race](https://example.com/r)",
    );
    expect(html).toContain("<h2>Big day</h2>");
    expect(html).toContain("<strong>won</strong>");
    expect(html).toContain("<em>easily</em>");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>");
    expect(html).toContain('<a href="https://example.com/r" rel="nofollow noopener">Race</a>');
  });

  test("its headings start below the title's level on the page, deeper ones kept", () => {
    const body = "# One\n\n## Two\n\n### Three\n\n#### Four";
    expect(renderPostBody(body)).toBe("<h2>One</h2>\n<h2>Two</h2>\n<h3>Three</h3>\n<h4>Four</h4>\n");
    expect(renderPostBody(body, { titleLevel: 3 })).toBe("<h4>One</h4>\n<h4>Two</h4>\n<h4>Three</h4>\n<h4>Four</h4>\n");
  });

  test("stored XSS: raw HTML is escaped, script links and images are not rendered", () => {
    const html = renderPostBody(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](data:text/html,hi) ![i](https://e.com/a.png)\n\n[z](https://e.com/"onmouseover="alert(1))',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data|onmouseover="alert/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("[x](javascript:alert(1))");
  });

  test("code, tables and block quotes are not part of the subset", () => {
    const html = renderPostBody("```\ncode\n```\n\n> quote\n\n    indented");
    expect(html).not.toMatch(/<pre|<code|<blockquote/);
  });

  test("plain text and excerpt carry no markup and are cut at a word", () => {
    expect(postPlainText("# Head\n\nA **bold** <b>move</b>.")).toBe("Head A bold <b>move</b>.");
    const long = "word ".repeat(100);
    const excerpt = postExcerpt(long, 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt.endsWith("word…")).toBe(true);
    expect(postExcerpt("Short.")).toBe("Short.");
  });
});
