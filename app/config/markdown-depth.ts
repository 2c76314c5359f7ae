// How deeply a Markdown text nests, read in one pass without parsing it: marked (newsletter
// issues, the blog's posts) lexes nested constructs by recursion, and a few thousand levels
// exhaust the stack (`"> "` 6,000 times, 12,001 characters, throws "Maximum call stack size
// exceeded"). Measured with marked 18 (markdown-depth.test.ts): block quotes overflow from about
// 3,000 levels, lists on one line (`- - - x`, `1. 1. x`) from about 1,300-2,400, a quote and a
// list in turn from about 1,000, emphasis, strong and strikethrough (`*a *a x b* b*`) from about
// 1,500-2,000; links, images, code spans, HTML and indented lists do not overflow within
// 20,000 characters. Real writing nests a handful of levels, so anything past
// MARKDOWN_MAX_DEPTH is refused where the text is written (the form and the server, the blog's
// build), far below where marked breaks.
//
// The count errs on the high side: block containers opened by each line (`>`, list markers, list
// indentation) plus the inline ones open in its paragraph (emphasis runs, `~`, `[`), so a text it
// accepts is never deeper for marked. Plain-browser code: the issue form runs it too.

/** The deepest nesting a Markdown text may have (block quotes, lists, emphasis, links inside one
 *  another). */
export const MARKDOWN_MAX_DEPTH = 20;

type MarkdownDepth = {
  /** The deepest nesting found (0: plain paragraphs). */
  depth: number;
  /** Its line, from 1 (0 when the text has no nesting). */
  line: number;
};

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^\s*([-*_])(?:\s*\1){2,}\s*$/;

/** Width of leading white space, a tab counting 4. */
const indentOf = (s: string) => {
  let width = 0;
  for (const ch of s) {
    if (ch === " ") width += 1;
    else if (ch === "\t") width += 4;
    else break;
  }
  return width;
};

type Container = { quote: true } | { quote: false; content: number };

/** Removes `width` columns of leading white space, if the line has them. */
function dedent(line: string, width: number): string | null {
  if (indentOf(line) < width) return null;
  let i = 0;
  for (let w = 0; w < width; i++) w += line[i] === "\t" ? 4 : 1;
  return line.slice(i);
}

/** The block containers open at a line, after it (CommonMark's way: each open one continues if
 *  the line has its `>` or is indented to its list item's content; then the line may open new
 *  ones), and the rest of the line. Any indentation opens one here (CommonMark allows three
 *  spaces): it may count too much, never too little. */
function containers(
  open: readonly Container[],
  line: string,
  afterBlank: boolean,
): { open: Container[]; rest: string } {
  let rest = line;
  let matched = 0;
  for (const c of open) {
    const next = c.quote
      ? /^\s*>/.test(rest)
        ? rest.replace(/^\s*> ?/, "")
        : null
      : dedent(rest, c.content);
    if (next === null) break;
    rest = next;
    matched++;
  }
  const opened: Container[] = [];
  for (;;) {
    if (/^\s*>/.test(rest)) {
      opened.push({ quote: true });
      rest = rest.replace(/^\s*> ?/, "");
      continue;
    }
    // A thematic break (`- - -`, `* * *`) opens nothing.
    if (THEMATIC_BREAK.test(rest)) break;
    const marker = /^(\s*)([-+*]|\d{1,9}[.)])( {1,4}|\t|$)/.exec(rest);
    if (!marker) break;
    opened.push({ quote: false, content: indentOf(marker[1]!) + marker[2]!.length + indentOf(marker[3]!) });
    rest = rest.slice(marker[0].length);
  }
  // A line that opens nothing and misses some: a paragraph's lazy continuation keeps them open
  // (always assumed, unless a blank line came before: then they close).
  if (opened.length === 0 && !afterBlank) return { open: [...open], rest: rest.replace(/^\s+/, "") };
  return { open: [...open.slice(0, matched), ...opened], rest: rest.replace(/^\s+/, "") };
}

/** Inline nesting: delimiters that may open (not followed by white space) and close (not after
 *  white space); a closer closes the nearest opener of its kind and drops those above it (they
 *  stay text), as CommonMark does. The depth counted is the opener's place in that stack. A `[`
 *  keeps the emphasis inside it apart (a link's text is read on its own), yet a closer reaching
 *  past one is still counted: the bracket may be no link. */
class InlineScan {
  private open: string[] = [];
  max = 0;
  line = 0;

  /** A new block (after a blank line or a fence): nothing is open any more. */
  reset() {
    this.open = [];
    this.max = 0;
    this.line = 0;
  }

  private close(kind: string, line: number): boolean {
    const at = this.open.lastIndexOf(kind);
    if (at < 0) return false;
    if (at + 1 > this.max) Object.assign(this, { max: at + 1, line });
    if (kind !== "[" && this.open.lastIndexOf("[") > at) return false;
    this.open.length = at;
    return true;
  }

  scan(text: string, line: number) {
    for (let i = 0; i < text.length;) {
      const ch = text[i]!;
      if (ch === "\\") {
        i += 2;
      } else if (ch === "`") {
        // A code span: nothing inside it nests. Unclosed, its backticks are text.
        let run = 1;
        while (text[i + run] === "`") run++;
        const end = text.indexOf("`".repeat(run), i + run);
        i = end < 0 ? i + run : end + run;
      } else if (ch === "[") {
        this.open.push("[");
        i++;
      } else if (ch === "]") {
        this.close("[", line);
        i++;
      } else if (ch === "*" || ch === "_" || ch === "~") {
        let run = 1;
        while (text[i + run] === ch) run++;
        const before = text[i - 1] ?? " ";
        const after = text[i + run] ?? " ";
        // `***` is strong and emphasis: two levels; `~` and `~~` one.
        const levels = ch === "~" ? 1 : Math.ceil(run / 2);
        let closed = false;
        if (!/\s/.test(before)) for (let k = 0; k < levels && this.close(ch, line); k++) closed = true;
        if (!closed && !/\s/.test(after)) for (let k = 0; k < levels; k++) this.open.push(ch);
        i += run;
      } else {
        i++;
      }
    }
  }
}

/** The deepest nesting of a Markdown text and its line; linear in the text's length. */
export function markdownDepth(source: string): MarkdownDepth {
  const inline = new InlineScan();
  let open: Container[] = [];
  let afterBlank = true;
  // The deepest block nesting of the current block of lines (its inline depth adds to it).
  let blocks = { depth: 0, line: 0 };
  let fence: string | null = null;
  const found: MarkdownDepth = { depth: 0, line: 0 };
  const endBlock = () => {
    const depth = blocks.depth + inline.max;
    const line = inline.max > blocks.depth ? inline.line : blocks.line;
    if (depth > found.depth) Object.assign(found, { depth, line });
    inline.reset();
    blocks = { depth: 0, line: 0 };
  };

  source.split(/\r\n?|\n/).forEach((line, index) => {
    const number = index + 1;
    // Fenced code: nothing in it nests (a fence inside a container is not skipped: it may count
    // too much, never too little).
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      return;
    }
    if (fenceMark || line.trim() === "") {
      endBlock();
      fence = fenceMark ?? null;
      afterBlank = true;
      return;
    }
    const next = containers(open, line, afterBlank);
    open = next.open;
    afterBlank = false;
    if (open.length > blocks.depth || blocks.line === 0)
      blocks = { depth: Math.max(open.length, blocks.depth), line: number };
    // Emphasis may run over the lines of a paragraph, even in a quote: only a blank line ends it.
    inline.scan(next.rest, number);
  });
  endBlock();
  return found;
}

/** A writer's message when the text nests too deeply to be shown, else null. */
export function markdownDepthProblem(source: string, max = MARKDOWN_MAX_DEPTH): string | null {
  const { depth, line } = markdownDepth(source);
  if (depth <= max) return null;
  return `Line ${line} is nested ${depth} levels deep (block quotes, lists, emphasis or links inside one another): at most ${max} can be shown.`;
}
