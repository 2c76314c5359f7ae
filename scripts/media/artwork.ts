// Writes the SVG sources of all generated artwork into media/ (rasterised by scripts/build-images.ts).
// Deterministic: run it twice, get the same bytes. A real photo with the same name
// (media/<name>.jpg/.png/.webp/.avif) replaces the generated picture: its SVG is then not written.
//   node scripts/media/artwork.ts            all artwork
//   node scripts/media/artwork.ts service    only names containing "service"
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { blogs } from "./art/blog.ts";
import { about, gallery, heroStill } from "./art/misc.ts";
import { avatarPortrait, team, teamPortrait, testimonials } from "./art/people.ts";
import { projects } from "./art/projects.ts";
import { services } from "./art/services.ts";
import { scene } from "./lib/scene.ts";
import { writeIfChanged } from "./lib/svg.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const mediaDir = join(root, "media");

type Job = { name: string; svg: () => string };
const jobs: Job[] = [];

for (const s of services) {
  jobs.push({ name: `service-${s.slug}`, svg: () => scene(1280, 960, s.spec, s.title) });
}

for (const p of projects) {
  const nn = String(p.id).padStart(2, "0");
  jobs.push({ name: `project-${nn}-thumb`, svg: () => scene(960, 720, p.spec, p.title) });
  jobs.push({ name: `project-${nn}-full`, svg: () => scene(1600, 900, { ...p.spec, zoom: 1.08 }, p.title) });
}

for (const b of blogs) {
  const nn = String(b.id).padStart(2, "0");
  jobs.push({ name: `blog-${nn}`, svg: () => scene(960, 640, b.main, b.topic) });
  jobs.push({ name: `blog-${nn}-full`, svg: () => scene(1600, 900, b.main, b.topic) });
  jobs.push({ name: `blog-${nn}-inline`, svg: () => scene(1280, 720, b.inline, b.topic) });
}

for (const p of team) jobs.push({ name: `team-${p.slug}`, svg: () => teamPortrait(p) });
for (const p of testimonials) jobs.push({ name: `testimonial-${p.slug}`, svg: () => avatarPortrait(p) });

for (const g of gallery) jobs.push({ name: g.name, svg: () => scene(640, 640, g.spec, g.title) });
for (const a of about) jobs.push({ name: a.name, svg: () => scene(a.w, a.h, a.spec, a.title) });
jobs.push({ name: "hero-3", svg: heroStill });

const filter = process.argv[2];
let written = 0;
for (const job of jobs) {
  if (filter && !job.name.includes(filter)) continue;
  const svgFile = join(mediaDir, `${job.name}.svg`);
  const photo = [".jpg", ".jpeg", ".png", ".webp", ".avif"].find((ext) =>
    existsSync(join(mediaDir, job.name + ext)),
  );
  if (photo) {
    rmSync(svgFile, { force: true });
    console.log(`  ${job.name}: media/${job.name}${photo} replaces the generated picture`);
    continue;
  }
  if (writeIfChanged(svgFile, job.svg())) written++;
}
console.log(`artwork: ${jobs.length} sources, ${written} written`);
