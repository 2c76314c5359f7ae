// What a writer pastes from Google Docs, Word or a web page, as the article's Markdown: headings,
// lists, links, emphasis and quotes kept (turndown), everything else (styles, scripts, fonts,
// colours, classes, Word's comments) dropped. Loaded with the editor only (markdown-view.ts).
import TurndownService from "turndown";

/** A Google Docs span's own weight or slant: Docs writes bold and italic as styles, not <b>/<i>. */
const styled = (node: HTMLElement, pattern: RegExp) => pattern.test(node.getAttribute("style") ?? "");
const BOLD = /font-weight\s*:\s*(bold|[6-9]00)/i;
const ITALIC = /font-style\s*:\s*italic/i;
const NOT_BOLD = /font-weight\s*:\s*(normal|[1-4]00)/i;

function converter() {
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    emDelimiter: "*",
    strongDelimiter: "**",
    codeBlockStyle: "fenced",
    hr: "---",
    linkStyle: "inlined",
  });
  // Nothing of these reaches the article, not even their text.
  service.remove([
    "script",
    "style",
    "meta",
    "link",
    "title",
    "head",
    "noscript",
    "iframe",
    "object",
    "embed",
  ]);
  // Pictures are uploaded, not linked from another site: pasted <img> go (a pasted file is uploaded).
  service.addRule("noPictures", { filter: "img", replacement: () => "" });
  // Docs wraps the whole selection in <b style="font-weight:normal">: not bold.
  service.addRule("docsWrapper", {
    filter: (node) => (node.nodeName === "B" || node.nodeName === "STRONG") && styled(node, NOT_BOLD),
    replacement: (content) => content,
  });
  service.addRule("docsBoldItalic", {
    filter: (node) => node.nodeName === "SPAN" && styled(node, BOLD) && styled(node, ITALIC),
    replacement: (content) => (content.trim() ? `***${content}***` : content),
  });
  service.addRule("docsBold", {
    filter: (node) => node.nodeName === "SPAN" && styled(node, BOLD),
    replacement: (content) => (content.trim() ? `**${content}**` : content),
  });
  service.addRule("docsItalic", {
    filter: (node) => node.nodeName === "SPAN" && styled(node, ITALIC),
    replacement: (content) => (content.trim() ? `*${content}*` : content),
  });
  // Docs puts a <p> inside each <li>: a tight list, not one paragraph per item.
  service.addRule("paragraphInItem", {
    filter: (node) => node.nodeName === "P" && node.parentNode?.nodeName === "LI",
    replacement: (content) => content,
  });
  // "- item" (the site's own posts' style), not turndown's "-   item".
  service.addRule("listItem", {
    filter: "li",
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement;
      const index = Array.prototype.indexOf.call(parent.children, node) as number;
      const start = Number(parent.getAttribute("start") ?? 1);
      const prefix = parent.nodeName === "OL" ? `${start + index}. ` : "- ";
      const text = content
        .replace(/^\n+/, "")
        .replace(/\n+$/, "\n")
        .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
      return prefix + text + (node.nextSibling && !/\n$/.test(text) ? "\n" : "");
    },
  });
  // The page's own title is the only <h1>: a pasted top heading becomes a section's (##).
  service.addRule("topHeading", {
    filter: "h1",
    replacement: (content) => `\n\n## ${content.trim()}\n\n`,
  });
  // Links to somewhere: http(s), mail, the site's own paths; a javascript: or data: link keeps
  // its text alone.
  service.addRule("safeLinks", {
    filter: (node) => node.nodeName === "A" && node.getAttribute("href") !== null,
    replacement: (content, node) => {
      const href = (node as HTMLElement).getAttribute("href")?.trim() ?? "";
      const text = content.trim();
      if (!text) return "";
      // Docs sends links through google.com/url?q=…: the address itself is kept.
      let target = href;
      try {
        const url = new URL(href, "https://example.invalid");
        if (url.hostname === "www.google.com" && url.pathname === "/url" && url.searchParams.get("q"))
          target = url.searchParams.get("q")!;
      } catch {
        return text;
      }
      return /^(https?:|mailto:|\/(?!\/))/i.test(target)
        ? `[${text}](${target.replace(/[()\s]/g, encodeURIComponent)})`
        : text;
    },
  });
  return service;
}

let service: TurndownService | undefined;

/** The Markdown of a pasted HTML fragment: blank lines no deeper than one, no trailing spaces. */
export function htmlToMarkdown(html: string): string {
  service ??= converter();
  return service
    .turndown(html)
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
