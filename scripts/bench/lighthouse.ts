// Lighthouse 13 (mobile emulation, simulated slow 4G) for one page, several runs: the median of
// each score and metric over the runs, with the bytes of the first view by kind (from the run
// with the median performance score).
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { chromiumArgs, chromiumPath } from "../../tests/chromium.ts";

export type Bytes = {
  html: number;
  js: number;
  css: number;
  fonts: number;
  images: number;
  video: number;
  other: number;
};
export type LighthouseRow = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  byKind: Bytes;
};

type NetworkItem = { resourceType?: string; transferSize?: number };

const kindOf: Record<string, keyof Bytes> = {
  Document: "html",
  Script: "js",
  Stylesheet: "css",
  Font: "fonts",
  Image: "images",
  Media: "video",
};

export async function openChrome() {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
}

export async function measurePage(
  port: number,
  url: string,
  path: string,
  runs: number,
): Promise<LighthouseRow> {
  const samples: LighthouseRow[] = [];
  for (let r = 0; r < runs; r++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const byKind: Bytes = { html: 0, js: 0, css: 0, fonts: 0, images: 0, video: 0, other: 0 };
    const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)
      ?.items ?? []) as NetworkItem[];
    for (const item of items) byKind[kindOf[item.resourceType ?? ""] ?? "other"] += item.transferSize ?? 0;
    samples.push({
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcpMs: Math.round(audit("first-contentful-paint")),
      lcpMs: Math.round(audit("largest-contentful-paint")),
      tbtMs: Math.round(audit("total-blocking-time")),
      cls: Number(audit("cumulative-layout-shift").toFixed(3)),
      bytes: Math.round(audit("total-byte-weight")),
      byKind,
    });
  }
  samples.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const middle = samples[Math.floor(samples.length / 2)]!;
  const median = (key: Exclude<keyof LighthouseRow, "path" | "byKind">) => {
    const values = samples.map((s) => s[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    path,
    performance: median("performance"),
    accessibility: median("accessibility"),
    bestPractices: median("bestPractices"),
    seo: median("seo"),
    fcpMs: median("fcpMs"),
    lcpMs: median("lcpMs"),
    tbtMs: median("tbtMs"),
    cls: median("cls"),
    bytes: middle.bytes,
    byKind: middle.byKind,
  };
}
