// Responsive image pipeline: every picture under media/ (SVG, PNG, JPEG, WebP, AVIF) becomes
// AVIF + WebP files at a set of widths in public/img/, plus one JPEG (PNG when transparent)
// fallback, and an entry in app/content/media-manifest.json that <Picture name="…"> reads.
//
//   node scripts/build-images.ts            build what changed (fast no-op when nothing did)
//   node scripts/build-images.ts --force    rebuild everything
//   node scripts/build-images.ts --check    exit 1 if outputs are missing or stale (CI)
//
// Name of a picture = its path under media/ without the extension: media/my-photo.jpg → "my-photo",
// media/posters/hero-1.jpg → "posters/hero-1" (files in public/img/posters/). Incremental: each
// entry stores a hash of the source bytes and the encoder settings; a source whose hash matches
// and whose files all exist is skipped. Output is deterministic for a given sharp version.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { SETTINGS } from "../app/config/picture-sizes.ts";
import { encodePicture } from "../server/pictures/encode.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MEDIA_DIR = join(root, "media");
const OUT_DIR = join(root, "public/img");
const MANIFEST = join(root, "app/content/media-manifest.json");

const SOURCE_EXT = new Set([".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif"]);

export type ManifestEntry = {
  /** Intrinsic size of the largest output (the width/height attributes of the <img>). */
  width: number;
  height: number;
  widths: number[];
  formats: Array<"avif" | "webp">;
  /** URL of the JPEG/PNG for browsers without AVIF/WebP support. */
  fallback: string;
  /** Dominant colour, for a placeholder background while the image loads. */
  placeholder: string;
  /** Hash of the source and encoder settings (incremental builds). */
  hash: string;
};
export type Manifest = Record<string, ManifestEntry>;

const args = new Set(process.argv.slice(2));
const force = args.has("--force");
const checkOnly = args.has("--check");

function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter(
      (f) => !f.split(sep).some((part) => part.startsWith(".")) && SOURCE_EXT.has(extname(f).toLowerCase()),
    )
    .map((f) => join(dir, f))
    .sort();
}

/** media/Team Photos/Ada 1.JPG → "team-photos/ada-1" */
function nameOf(file: string): string {
  const rel = relative(MEDIA_DIR, file).split(sep).join("/");
  return rel
    .slice(0, -extname(rel).length)
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, "-")
    .replace(/(^|\/)-+|-+($|\/)/g, "$1$2");
}

const settingsHash = JSON.stringify(SETTINGS);
const hashOf = (buf: Buffer) =>
  createHash("sha256").update(settingsHash).update(buf).digest("hex").slice(0, 16);

function outputsOf(name: string, e: Pick<ManifestEntry, "widths" | "formats" | "fallback">): string[] {
  const files = e.widths.flatMap((w) => e.formats.map((f) => join(OUT_DIR, `${name}-${w}.${f}`)));
  files.push(join(root, "public", e.fallback));
  return files;
}

async function build(file: string, name: string, hash: string): Promise<ManifestEntry> {
  const input = readFileSync(file);
  const isSvg = extname(file).toLowerCase() === ".svg";
  const meta = await sharp(input).metadata();
  // EXIF orientations 5–8 swap width and height.
  const swap = (meta.orientation ?? 1) >= 5;
  const W = (swap ? meta.height : meta.width) ?? 0;
  const H = (swap ? meta.width : meta.height) ?? 0;
  if (!W || !H) throw new Error(`${relative(root, file)}: cannot read dimensions`);
  const made = await encodePicture(input, { W, H }, { svg: isSvg });
  mkdirSync(dirname(join(OUT_DIR, name)), { recursive: true });
  for (const f of made.files) writeFileSync(join(OUT_DIR, `${name}-${f.width}.${f.format}`), f.data);
  const fallback = `/img/${name}-${made.fallback.width}.${made.fallback.format}`;
  const { width, height, widths, placeholder } = made;
  return { width, height, widths, formats: ["avif", "webp"], fallback, placeholder, hash };
}

/** JSON laid out the way Prettier prints it (short arrays on one line), so format checks pass. */
function serialise(m: Manifest): string {
  const entries = Object.entries(m).map(([name, e]) => {
    const fields = Object.entries(e).map(
      ([k, v]) =>
        `    ${JSON.stringify(k)}: ${Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(", ")}]` : JSON.stringify(v)}`,
    );
    return `  ${JSON.stringify(name)}: {\n${fields.join(",\n")}\n  }`;
  });
  return entries.length ? `{\n${entries.join(",\n")}\n}\n` : "{}\n";
}

async function main() {
  const t0 = performance.now();
  const old: Manifest = existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest) : {};
  const sources = listSources(MEDIA_DIR);
  const byName = new Map<string, string>();
  for (const file of sources) {
    const name = nameOf(file);
    const prev = byName.get(name);
    if (prev)
      throw new Error(
        `Two media sources have the same name "${name}": ${relative(root, prev)} and ${relative(root, file)}`,
      );
    byName.set(name, file);
  }

  const next: Manifest = {};
  const todo: Array<{ file: string; name: string; hash: string }> = [];
  for (const [name, file] of byName) {
    const hash = hashOf(readFileSync(file));
    const prev = old[name];
    if (!force && prev && prev.hash === hash && outputsOf(name, prev).every((f) => existsSync(f)))
      next[name] = prev;
    else todo.push({ file, name, hash });
  }
  const removed = Object.keys(old).filter((name) => !byName.has(name));

  if (checkOnly) {
    const stale = [...todo.map((t) => t.name), ...removed];
    if (stale.length) {
      console.error(
        `media: ${stale.length} picture(s) out of date: ${stale.join(", ")}. Run: node scripts/build-images.ts`,
      );
      process.exit(1);
    }
    console.log(`media: ${byName.size} pictures up to date`);
    return;
  }

  // Encode in parallel (sharp also uses its own threads).
  const limit = Math.max(1, Math.min(4, availableParallelism()));
  let i = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (i < todo.length) {
      const job = todo[i++]!;
      const entry = await build(job.file, job.name, job.hash);
      // Files from an earlier version of this picture that are no longer produced.
      const prev = old[job.name];
      if (prev)
        for (const f of outputsOf(job.name, prev))
          if (!outputsOf(job.name, entry).includes(f)) rmSync(f, { force: true });
      next[job.name] = entry;
      console.log(`  ${job.name} → ${entry.widths.join(", ")} px`);
    }
  });
  await Promise.all(workers);

  for (const name of removed) {
    for (const f of outputsOf(name, old[name]!)) rmSync(f, { force: true });
    console.log(`  ${name} removed`);
  }

  const sorted: Manifest = Object.fromEntries(
    Object.keys(next)
      .sort()
      .map((k) => [k, next[k]!]),
  );
  const json = serialise(sorted);
  if (!existsSync(MANIFEST) || readFileSync(MANIFEST, "utf8") !== json) {
    mkdirSync(dirname(MANIFEST), { recursive: true });
    writeFileSync(MANIFEST, json);
  }
  const ms = Math.round(performance.now() - t0);
  console.log(`media: ${byName.size} pictures, ${todo.length} built, ${removed.length} removed (${ms} ms)`);
}

await main();
