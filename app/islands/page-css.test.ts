import { describe, expect, it } from "vitest";
import { classesIn, classesInSource, parseCss, pruneCss } from "./page-css";

const CSS = [
  "@layer properties{@supports (-webkit-hyphens:none){*,:before{--tw-x:0}}}",
  "@layer theme{:root{--color-brand:#123}}",
  "@layer base{h1{font-weight:700}a{color:inherit}}",
  "@layer utilities{.flex{display:flex}.grid{display:grid}.sm\\:flex{display:flex}",
  ".hover\\:underline:hover{text-decoration:underline}.group:hover .group-hover\\:block{display:block}",
  ".w-\\[calc\\(100\\%-2rem\\)\\]{width:calc(100% - 2rem)}.a:not(.b){color:red}:where(.space-y-4>:not(:last-child)){margin:0}",
  ".unused,.flex.other{color:blue}@media (min-width:40rem){.sm\\:grid{display:grid}.md-only{color:green}}",
  "@keyframes spin{to{transform:rotate(360deg)}}.animate-spin{animation:spin 1s}}",
  '@property --tw-y{syntax:"*";inherits:false}',
].join("");

describe("a plain page's stylesheet", () => {
  const parsed = parseCss(CSS);

  it("keeps the rules the page's classes and elements can match, in order, with their layers and media", () => {
    const out = pruneCss(parsed, new Set(["flex", "sm:grid", "w-[calc(100%-2rem)]", "a", "hover:underline"]));
    expect(out).toBe(
      [
        "@layer properties{@supports (-webkit-hyphens:none){*,:before{--tw-x:0}}}",
        "@layer theme{:root{--color-brand:#123}}",
        "@layer base{h1{font-weight:700}a{color:inherit}}",
        "@layer utilities{.flex{display:flex}.hover\\:underline:hover{text-decoration:underline}",
        ".w-\\[calc\\(100\\%-2rem\\)\\]{width:calc(100% - 2rem)}.a:not(.b){color:red}:where(.space-y-4>:not(:last-child)){margin:0}",
        "@media (min-width:40rem){.sm\\:grid{display:grid}}",
        "@keyframes spin{to{transform:rotate(360deg)}}}",
        '@property --tw-y{syntax:"*";inherits:false;}',
      ].join(""),
    );
  });

  it("keeps a rule when any one of its selectors can match, and a descendant rule only with both classes", () => {
    expect(pruneCss(parsed, new Set(["other"]))).not.toContain("color:blue");
    expect(pruneCss(parsed, new Set(["flex", "other"]))).toContain(".unused,.flex.other{color:blue}");
    expect(pruneCss(parsed, new Set(["group-hover:block"]))).not.toContain("display:block");
    expect(pruneCss(parsed, new Set(["group", "group-hover:block"]))).toContain(".group:hover .group-hover\\:block");
  });

  it("reads the classes of a rendered page, entities decoded", () => {
    const html = `<div class="flex sm:grid"><a class="[&amp;&gt;svg]:w-4  x" href="/">a</a><p data-class="no">b</p></div>`;
    expect([...classesIn(html)].sort()).toEqual(["[&>svg]:w-4", "flex", "sm:grid", "x"]);
  });

  it("reads the classes a script may add from its string literals", () => {
    const source = `el.className = "fixed right-4 top-4";\nconst b = 'rounded px-2';\nconst c = \`gap-2 \${x}\`;`;
    expect(classesInSource(source)).toEqual(new Set(["fixed", "right-4", "top-4", "rounded", "px-2", "gap-2", "${x}"]));
  });
});
