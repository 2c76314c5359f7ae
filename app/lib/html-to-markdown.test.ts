// @vitest-environment happy-dom
// What a writer pastes from Google Docs or a web page arrives as Markdown with its structure.
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./html-to-markdown.ts";

/** A fragment as Google Docs puts it on the clipboard: one <b> around everything, styled spans. */
const DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><h1 dir="ltr"><span style="font-size:20pt;font-family:Arial;">Opening hours that are right</span></h1><p dir="ltr"><span style="font-family:Arial;">Customers look for us on a </span><span style="font-weight:700;">phone</span><span> and in </span><span style="font-style:italic;">minutes</span><span>.</span></p><ul><li dir="ltr"><p dir="ltr"><span>A map that opens</span></p></li><li dir="ltr"><p dir="ltr"><span>Hours that are right</span></p></li></ul><p dir="ltr"><a href="https://www.google.com/url?q=https://techspark.ng/contact&amp;sa=D"><span style="color:#1155cc;text-decoration:underline;">Write to us</span></a></p></b><style>p{color:red}</style><script>alert(1)</script>`;

describe("pasted HTML as Markdown", () => {
  it("keeps a Docs fragment's heading, emphasis, list and link, and drops styles and scripts", () => {
    expect(htmlToMarkdown(DOCS)).toBe(
      [
        "## Opening hours that are right",
        "",
        "Customers look for us on a **phone** and in *minutes*.",
        "",
        "- A map that opens",
        "- Hours that are right",
        "",
        "[Write to us](https://techspark.ng/contact)",
      ].join("\n"),
    );
  });

  it("numbers an ordered list and nests a list inside one", () => {
    expect(htmlToMarkdown("<ol><li>First<ul><li>inside</li></ul></li><li>Second</li></ol>")).toBe(
      "1. First\n   - inside\n2. Second",
    );
  });

  it("keeps a link's text alone when it leads to script or data", () => {
    expect(
      htmlToMarkdown(
        `<p><a href="javascript:alert(1)">Click</a> and <a href="data:text/html,x">more</a></p>`,
      ),
    ).toBe("Click and more");
  });

  it("keeps Word's headings and quotes, and drops a pasted picture from elsewhere", () => {
    expect(
      htmlToMarkdown(
        `<h2 class="MsoHeading2">Why it matters</h2><blockquote><p>Ten seconds.</p></blockquote><p><img src="https://elsewhere.example/x.png" alt="x">Text</p>`,
      ),
    ).toBe("## Why it matters\n\n> Ten seconds.\n\nText");
  });
});
