import postcss, { type AtRule, type ChildNode, type Container, type Root, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

/**
 * A plain page's own stylesheet: the site's stylesheet without the rules no element of the page can
 * match (docs/decisions/0165-a-plain-page-carries-its-own-css.md). A rule is kept when one of its
 * selectors needs only classes the page uses; selectors without classes (elements, the root's
 * variables, attributes) always count. Classes inside :not(), :is(), :where() and :has() are not
 * required, so a rule is never dropped for a class it does not need.
 */

type Needs = readonly (readonly string[])[];

const ARGUMENT_PSEUDOS = new Set([":not", ":is", ":where", ":has", ":matches"]);

function requiredClasses(selector: string): Needs {
  const alternatives: string[][] = [];
  selectorParser((selectors) => {
    selectors.each((one) => {
      const classes: string[] = [];
      one.walkClasses((node) => {
        for (let parent = node.parent; parent; parent = parent.parent) {
          if (parent.type === "pseudo" && ARGUMENT_PSEUDOS.has(parent.value.toLowerCase())) return;
        }
        classes.push(node.value);
      });
      alternatives.push(classes);
    });
  }).processSync(selector);
  return alternatives;
}

export type ParsedCss = { root: Root; needs: Map<Rule, Needs> };

export function parseCss(css: string): ParsedCss {
  const root = postcss.parse(css);
  const needs = new Map<Rule, Needs>();
  root.walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === "atrule" && /keyframes$/i.test((parent as AtRule).name)) return;
    needs.set(rule, requiredClasses(rule.selector));
  });
  return { root, needs };
}

function blockOf(node: AtRule, inner: string) {
  return `@${node.name}${node.params ? ` ${node.params}` : ""}{${inner}}`;
}

/** The stylesheet with the rules `classes` can match, in the original order, layers and media kept. */
export function pruneCss({ root, needs }: ParsedCss, classes: ReadonlySet<string>): string {
  const keep = (rule: Rule) => {
    const alternatives = needs.get(rule);
    return !alternatives || alternatives.some((one) => one.every((c) => classes.has(c)));
  };
  const write = (container: Container<ChildNode>): string => {
    let out = "";
    for (const node of container.nodes ?? []) {
      if (node.type === "comment") continue;
      if (node.type === "rule") {
        if (keep(node)) out += node.toString();
      } else if (node.type === "atrule" && node.nodes && !/keyframes$/i.test(node.name)) {
        const inner = write(node);
        if (inner) out += blockOf(node, inner);
      } else {
        out += node.toString() + (node.type === "decl" || (node.type === "atrule" && !node.nodes) ? ";" : "");
      }
    }
    return out;
  };
  return write(root);
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" };

/** The classes a rendered document's elements carry. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name: string) => ENTITIES[name]!);
    for (const token of value.split(/\s+/)) if (token) classes.add(token);
  }
  return classes;
}

/** Every word of the string literals in some source text: the classes a script may put on elements. */
export function classesInSource(source: string): Set<string> {
  const classes = new Set<string>();
  for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
    for (const token of (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/)) if (token) classes.add(token);
  }
  return classes;
}
