import { expect, test } from "vitest";
import { csvCell, csvLines } from "./csv";

test("cells are quoted when they must be, and never start a formula", () => {
  expect(csvCell("anne@example.com")).toBe("anne@example.com");
  expect(csvCell(null)).toBe("");
  expect(csvCell(12)).toBe("12");
  expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
  expect(csvCell("two\nlines")).toBe('"two\nlines"');
  for (const lead of ["=", "+", "-", "@", "\t", "\r"])
    expect(csvCell(`${lead}1+1`).startsWith(`'${lead}`) || csvCell(`${lead}1+1`).startsWith(`"'${lead}`)).toBe(true);
  expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  expect(csvCell("\rx")).toBe(`"'\rx"`);
  // A negative amount is a number, not a formula; anything more after the minus is guarded.
  expect(csvCell("-125.50")).toBe("-125.50");
  expect(csvCell(-12)).toBe("-12");
  expect(csvCell("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
  expect(csvCell("-12.5e3")).toBe("'-12.5e3");
  expect(
    csvLines([
      ["a", "b"],
      ["=c", "d,e"],
    ]),
  ).toBe(`a,b\r\n'=c,"d,e"\r\n`);
});
