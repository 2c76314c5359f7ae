import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seedDetails } from "./index.ts";
import { escapeHtml, href, html, layout, paragraphs, raw } from "./template.ts";

describe("html tagged template", () => {
  it("escapes every interpolated value, in text and in attributes", () => {
    const name = `<img src=x onerror="alert(1)"> & 'quotes'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      `<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;</p>`,
    );
  });

  it("keeps nested templates and trusted markup, joins lists, drops empty values", () => {
    const items = ["a<b", "c"];
    const list = html`<ul>
      ${items.map((i) => html`<li>${i}</li>`)}
    </ul>`;
    expect(list.value.replace(/>\s+</g, "><")).toBe("<ul><li>a&lt;b</li><li>c</li></ul>");
    expect(html`${raw("<hr>")}${null}${undefined}${false}${0}`.value).toBe("<hr>0");
  });

  it("never lets any string out unescaped (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = html`<p>${s}</p>`.value.slice(3, -4);
        expect(out).not.toMatch(/[<>"']/);
        expect(out.replace(/&(amp|lt|gt|quot|#39);/g, "")).not.toContain("&");
        expect(out).toBe(escapeHtml(s));
      }),
    );
  });

  it("accepts only web, mail and phone links", () => {
    expect(href("https://techspark.ng/a?b=1")).toBe("https://techspark.ng/a?b=1");
    expect(href("mailto:ada@example.com")).toBe("mailto:ada@example.com");
    expect(href("tel:+2348035550142")).toBe("tel:+2348035550142");
    for (const bad of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/relative",
    ])
      expect(() => href(bad)).toThrow();
  });

  it("keeps a visitor's paragraphs and line breaks", () => {
    expect(paragraphs("one\ntwo\n\n<three>").value).toBe(
      '<p style="margin:0 0 12px;white-space:pre-wrap">one\ntwo</p><p style="margin:0 0 12px;white-space:pre-wrap">&lt;three&gt;</p>',
    );
  });
});

describe("layout", () => {
  it("gives an HTML document and a plain-text part with the same content, footer and agency", async () => {
    const mail = await layout(
      { siteUrl: "https://techspark.ng", details: seedDetails() },
      {
        title: "Hello <you>",
        html: html`<p>Body</p>`,
        text: ["Body"],
        footer: { html: html`Why you got this`, text: ["Why you got this"] },
      },
    );
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain("<title>Hello &lt;you&gt;</title>");
    expect(mail.html).toContain("<p>Body</p>");
    expect(mail.html).toContain("Why you got this");
    expect(mail.text).toMatch(/^Hello <you>\n\nBody\n\n-- \nWhy you got this\n\nTechSpark Innovations\n/);
  });
});
