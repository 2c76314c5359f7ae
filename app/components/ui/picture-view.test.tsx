// @vitest-environment happy-dom
import { existsSync } from "node:fs";
import { join } from "node:path";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import manifest from "#app/content/media-manifest.json";
import { mediaEntry, mediaUrl, pictureData } from "#app/lib/media.server.ts";
import { PictureView, type PictureViewProps } from "./picture-view.tsx";

/** A picture by its name, as a route draws it: resolved by its loader, drawn by PictureView. */
const Picture = ({ name, ...props }: Omit<PictureViewProps, "picture"> & { name: string }) => (
  <PictureView picture={pictureData(name)} {...props} />
);

afterEach(cleanup);

const entries = Object.entries(
  manifest as Record<string, { width: number; widths: number[]; fallback: string }>,
);
const [name, entry] = entries.find(([n]) => n === "service-web-design") ?? entries[0]!;

describe("PictureView of a picture resolved by pictureData", () => {
  it("renders AVIF and WebP sources with a srcset, and a sized fallback <img>", () => {
    const { container } = render(<Picture name={name} alt="Web design" sizes="50vw" />);
    const sources = container.querySelectorAll("source");
    expect([...sources].map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    for (const s of sources) {
      expect(s.getAttribute("sizes")).toBe("50vw");
      const candidates = s.getAttribute("srcset")!.split(", ");
      expect(candidates).toHaveLength(entry.widths.length);
      expect(candidates[0]).toMatch(
        new RegExp(`^/img/${name}-${entry.widths[0]}\\.(avif|webp) ${entry.widths[0]}w$`),
      );
    }
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(entry.fallback);
    expect(img.getAttribute("width")).toBe(String(entry.width));
    expect(Number(img.getAttribute("height"))).toBeGreaterThan(0);
    expect(img.getAttribute("alt")).toBe("Web design");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
  });

  it("loads a priority (LCP) picture eagerly with high fetch priority", () => {
    const { container } = render(<Picture name={name} alt="" priority />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("keeps an empty alt for decorative pictures and passes classes through", () => {
    const { container } = render(<Picture name={name} alt="" className="wrap" imgClassName="cover" />);
    expect(container.querySelector("picture")!.className).toBe("wrap");
    const img = container.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("");
    expect(img.className).toBe("cover");
  });

  it("throws a clear error for an unknown name", () => {
    expect(() => mediaEntry("no-such-picture")).toThrow(
      /Unknown picture "no-such-picture".*media\/no-such-picture/,
    );
    expect(() => render(<Picture name="no-such-picture" alt="" />)).toThrow(/Unknown picture/);
  });

  it("picks the smallest generated width that covers a requested size", () => {
    const w = entry.widths;
    expect(mediaUrl(name, 1, "webp")).toBe(`/img/${name}-${w[0]}.webp`);
    expect(mediaUrl(name, 100_000, "avif")).toBe(`/img/${name}-${w[w.length - 1]}.avif`);
  });
});

describe("media manifest", () => {
  const root = join(import.meta.dirname, "../../..");
  it.each(entries)("%s: every generated file exists", (n, e) => {
    for (const w of e.widths)
      for (const f of ["avif", "webp"])
        expect(existsSync(join(root, "public/img", `${n}-${w}.${f}`))).toBe(true);
    expect(existsSync(join(root, "public", e.fallback))).toBe(true);
    expect(e.widths[e.widths.length - 1]).toBe(e.width);
  });
});
