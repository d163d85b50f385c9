import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MoneyField, moneyEcho } from "./money-field";

/** The markup, the no-break space before 'kr.' written as a space. */
const plain = (element: ReactElement) => renderToStaticMarkup(element).replaceAll("\u00a0", " ");

describe("MoneyField", () => {
  it("is a text field for Danish amounts, described by the amount it understood", () => {
    const html = plain(
      <MoneyField
        id="prize"
        label="Prize Money (DKK)"
        name="prize"
        defaultValue="25.000"
        hint="Type it as you write it"
      />,
    );
    const input = html.match(/<input[^>]*>/)![0];
    expect(input).toContain('type="text"');
    expect(input).toContain('inputMode="decimal"');
    expect(input).toContain('value="25.000"');
    expect(input).toContain('aria-describedby="prize-hint prize-amount"');
    expect(html).toMatch(/<p id="prize-amount" aria-live="polite"[^>]*>= 25\.000,00 kr\.<\/p>/);
  });

  it("echoes the amount of what a refused form sends back, and nothing for text that is no amount", () => {
    const refused = plain(
      <MoneyField id="total" label="Total" name="total" defaultValue="1.000.000,5" error="Too large" />,
    );
    expect(refused).toContain(">= 1.000.000,50 kr.</p>");
    expect(refused).toContain('aria-invalid="true"');
    expect(moneyEcho("lots")).toBeNull();
    expect(moneyEcho("")).toBeNull();
    expect(moneyEcho("25 000 kr.")).toBe("= 25.000,00\u00a0kr.");
  });
});
