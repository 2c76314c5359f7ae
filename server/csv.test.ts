// Every CSV the console and the shell write goes through csvCell/toCsv: what a spreadsheet does
// with a visitor's text (OWASP CSV injection), read as a strict reader (quotes honoured) and as
// a naive one (splits on , ; tab and line breaks, ignoring quotes).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { csvCell, toCsv } from "./csv.ts";
import { parseCsv } from "./testing/csv.ts";

const FORMULA = /^[=+\-@\t\r]/;

/** The parts a reader that ignores quotes would make of the text, quotes stripped from each. */
const naiveParts = (csv: string) => csv.split(/[,;\t\r\n]/).map((part) => part.replace(/^"+/, ""));

// Text made mostly of the characters that matter here, so that every case comes up often.
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "'", " ", "|", "!"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe("csvCell: OWASP's CSV-injection guidance for every cell", () => {
  it("the issue's example: one quoted cell, its formula part neutralised, whatever the separator", () => {
    const cell = csvCell("Bob;=cmd|' /C calc'!A0");
    expect(cell).toBe(`"Bob;'=cmd|' /C calc'!A0"`);
    // A spreadsheet that splits on ";" but honours quotes keeps it whole, starting with "Bob";
    // one that ignores the quotes gets "'=cmd…", text.
    expect(naiveParts(cell).some((part) => FORMULA.test(part))).toBe(false);
  });

  it("every start of a formula gets a quote: = + - @ tab and CR, at the start and after , ; and line breaks", () => {
    expect(csvCell("=1+2")).toBe(`"'=1+2"`);
    expect(csvCell("+234 803 555 0142")).toBe(`"'+234 803 555 0142"`);
    expect(csvCell("-two@example.com")).toBe(`"'-two@example.com"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\t=1")).toBe(`"'\t'=1"`);
    expect(csvCell("\r=1")).toBe(`"'\r'=1"`);
    expect(csvCell("a,=1")).toBe(`"a,'=1"`);
    expect(csvCell('a,"=1')).toBe(`"a,""'=1"`);
    expect(csvCell("line one\n@cmd")).toBe(`"line one\n'@cmd"`);
    // Text that is no formula is left as it is, only quoted.
    expect(csvCell("Ada, Obi; 2 - 1 = 1")).toBe(`"Ada, Obi; 2 - 1 = 1"`);
    expect(csvCell('Obi, Ada "Adaeze"')).toBe(`"Obi, Ada ""Adaeze"""`);
    expect(csvCell("")).toBe(`""`);
  });

  it("property: any rows read back whole by a strict reader, no cell a formula, only quotes added", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(hostile, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const read = parseCsv(toCsv(rows));
          expect(read.map((r) => r.length)).toEqual(rows.map((r) => r.length));
          read.forEach((row, i) =>
            row.forEach((cell, j) => {
              const value = rows[i]![j]!;
              expect(FORMULA.test(cell)).toBe(false);
              expect(cell.replace(/'/g, "")).toBe(value.replace(/'/g, ""));
            }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("property: a reader that ignores quotes and splits on , ; tab or line breaks finds no formula either", () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (row) => {
        const parts = naiveParts(toCsv([row]));
        expect(parts.filter((part) => FORMULA.test(part))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
