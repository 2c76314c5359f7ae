// The Markdown depth guard against marked itself: every construct nested past the point where
// marked's recursion overflows is refused, what real writing does passes, and any text the guard
// accepts (within the issue's 20,000 characters) is lexed and rendered without throwing.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Marked } from "marked";
import { MARKDOWN_MAX_DEPTH, markdownDepth, markdownDepthProblem } from "./markdown-depth.ts";

const marked = new Marked({ gfm: true, async: false });
const renders = (source: string) => {
  try {
    marked.parse(source);
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
};

const indentLines = (s: string, by: string) =>
  s
    .split("\n")
    .map((line) => (line ? by + line : line))
    .join("\n");

/** Each construct as a wrapper around its inside; `block` ones nest by line prefixes. */
const WRAPPERS = {
  quote: (s: string) => indentLines(s, "> "),
  bullet: (s: string) => "- " + indentLines(s, "  ").trimStart(),
  ordered: (s: string) => "1. " + indentLines(s, "   ").trimStart(),
  indentedList: (s: string) => "- item\n" + indentLines(s, "  "),
  em: (s: string) => `*a ${s} b*`,
  emUnderscore: (s: string) => `_a ${s} b_`,
  strong: (s: string) => `**a ${s} b**`,
  strongUnderscore: (s: string) => `__a ${s} b__`,
  strongEm: (s: string) => `***a ${s} b***`,
  del: (s: string) => `~~a ${s} b~~`,
  delSingle: (s: string) => `~a ${s} b~`,
  link: (s: string) => `[a ${s} b](https://example.com/)`,
  image: (s: string) => `![a ${s} b](https://example.com/a.png)`,
  emLink: (s: string) => `*[${s}](https://example.com/)*`,
} as const;
type Construct = keyof typeof WRAPPERS;
const BLOCK: Construct[] = ["quote", "bullet", "ordered", "indentedList"];
/** Two levels each: strong and emphasis, emphasis and a link. */
const DOUBLE: Construct[] = ["strongEm", "emLink"];
const INLINE = (Object.keys(WRAPPERS) as Construct[]).filter((c) => !BLOCK.includes(c));
/** Constructs that do not nest (marked never recurses into them); wrapped too in the property. */
const FLAT = {
  code: (s: string) => `\`${s.replace(/`/g, "")}\``,
  html: (s: string) => `<span>${s}</span>`,
  htmlBlock: (s: string) => `<div>\n${s}\n</div>`,
};

const nest = (constructs: readonly string[], inside = "x") =>
  constructs.reduceRight(
    (s, c) => (WRAPPERS as Record<string, (s: string) => string>)[c]?.(s) ?? FLAT[c as keyof typeof FLAT](s),
    inside,
  );

describe("markdownDepth", () => {
  it("counts each construct's nesting, exactly, for one construct at a time", () => {
    for (const c of Object.keys(WRAPPERS) as Construct[]) {
      for (const n of [1, 5, MARKDOWN_MAX_DEPTH, MARKDOWN_MAX_DEPTH + 1]) {
        expect({ c, n, depth: markdownDepth(nest(Array<string>(n).fill(c))).depth }).toEqual({
          c,
          n,
          depth: DOUBLE.includes(c) ? 2 * n : n,
        });
      }
    }
  });

  it('the issue\'s body ("> " 6,000 times) overflows marked; the guard refuses it, naming the line', () => {
    const body = "> ".repeat(6000) + "x";
    expect(renders(body)).toBe(false);
    expect(markdownDepth(body)).toEqual({ depth: 6000, line: 1 });
    expect(markdownDepthProblem(body)).toBe(
      "Line 1 is nested 6000 levels deep (block quotes, lists, emphasis or links inside one another): at most 20 can be shown.",
    );
  });

  it("every construct that overflows marked within 20,000 characters is refused long before", () => {
    // Where marked 18 breaks (the module's comment): each of these throws at this depth.
    const overflowing: [Construct, number][] = [
      ["quote", 4000],
      ["bullet", 3000],
      ["ordered", 3000],
      ["em", 2500],
      ["strong", 2000],
      ["del", 2500],
    ];
    for (const [c, n] of overflowing) {
      const body = nest(Array<string>(n).fill(c));
      expect({ c, renders: renders(body) }).toEqual({ c, renders: false });
      expect(markdownDepthProblem(body)).not.toBeNull();
    }
    // A quote and a list in turn, on one line.
    const mixed = "> - ".repeat(1200) + "x";
    expect(renders(mixed)).toBe(false);
    expect(markdownDepth(mixed).depth).toBe(2400);
  });

  it("real writing passes: headings, lists, quotes, emphasis, links, code, tables, a fence, rules", () => {
    const post = [
      "## Why it matters",
      "",
      "Some *emphasis*, **strong**, ***both***, ~~gone~~, `code with * and [`, a_snake_case_name,",
      "2*3*4 = 24, a [link](https://example.com/a_b) and ![a picture](https://example.com/p.png).",
      "",
      "> A quote with a list:",
      ">",
      "> - one",
      ">   - two, *indented*",
      ">     1. three",
      "",
      "- - -",
      "* * * * * * * * * * * * * * * * * * * * * * * * *",
      "",
      "```js",
      "> > > > > > > > > > > > > > > > > > > > > > > > > code is not nested",
      "```",
      "",
      "| a | b |",
      "| - | - |",
      "| *x* | [y](https://example.com/) |",
    ].join("\n");
    const { depth } = markdownDepth(post);
    expect(depth).toBeLessThanOrEqual(5);
    expect(markdownDepthProblem(post)).toBeNull();
    expect(renders(post)).toBe(true);
  });

  it("property: nesting of every construct (block ones outside inline ones) is never counted too low", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BLOCK), { maxLength: 30 }),
        fc.array(fc.constantFrom(...INLINE), { maxLength: 30 }),
        (blocks, inlines) => {
          const levels = blocks.length + inlines.reduce((n, c) => n + (DOUBLE.includes(c) ? 2 : 1), 0);
          expect(markdownDepth(nest([...blocks, ...inlines])).depth).toBeGreaterThanOrEqual(levels);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: any mix of constructs, flat ones too, up to 20,000 characters: accepted means marked renders it", () => {
    const any = [...Object.keys(WRAPPERS), ...Object.keys(FLAT)];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...any), fc.integer({ min: 1, max: 600 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (runs) => {
          const body = nest(runs.flatMap(([c, n]) => Array<string>(n).fill(c)));
          fc.pre(body.length <= 20_000);
          if (markdownDepthProblem(body) === null) expect(renders(body)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
