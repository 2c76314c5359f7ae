// Procedural background videos (1280 × 720, 8 s, seamless loops) and their poster sources.
//   node scripts/media/videos.ts [hero-1|hero-2|brands]
// Needs ffmpeg with libvpx-vp9 and libx264 (only to regenerate; the outputs are committed).
// Every picture is a function of time that is periodic with the clip length, so the last frame
// flows into the first. Outputs:
//   public/videos/<name>.webm (VP9) and .mp4 (H.264, yuv420p, faststart, no audio)
//   media/posters/<name>.jpg (frame 0, turned into AVIF/WebP/JPEG by scripts/build-images.ts)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { amber, brand, indigo, lilac, night, orchid, rgb01 } from "./lib/palette.ts";
import { n, rng } from "./lib/svg.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const W = 1280;
const H = 720;
const FPS = 24;
const SECONDS = 8;
const FRAMES = FPS * SECONDS;

function run(
  cmd: string,
  args: string[],
  input?: (stdin: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: [input ? "pipe" : "ignore", "ignore", "pipe"] });
    let err = "";
    p.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    p.on("error", reject);
    p.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}\n${err.slice(-2000)}`)),
    );
    if (input && p.stdin) input(p.stdin).then(() => p.stdin!.end(), reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Colour ramps for ffmpeg's geq: piecewise-linear maps of a value m in 0..1, one per channel.

type Ramp = Array<[stop: number, hex: string]>;
function rampExpr(ramp: Ramp, channel: 0 | 1 | 2, m: string): string {
  const v = ramp.map(([s, c]) => [s, rgb01(c)[channel] * 255] as const);
  let e = n(v[0]![1]);
  for (let i = 0; i < v.length - 1; i++) {
    const [s0, c0] = v[i]!;
    const [s1, c1] = v[i + 1]!;
    e += `+(${n(c1 - c0)})*clip((${m}-${n(s0)})/${n(s1 - s0)},0,1)`;
  }
  return e;
}

/**
 * Filter chain: geq computes the field m (0..1) once per pixel as grey, then lutrgb maps it through
 * the colour ramp (a 256-entry table per channel, so the colour costs nothing per pixel).
 * `m` is an expression of $u, $v (0..1 across the frame) and $p (phase, 2π per loop).
 */
function field(m: string, ramp: Ramp): string {
  const P = `(2*PI*T/${SECONDS})`;
  const expr = m.replaceAll("$u", "(X/W)").replaceAll("$v", "(Y/H)").replaceAll("$p", P);
  const ch = (c: 0 | 1 | 2) => `'${rampExpr(ramp, c, "(val/255)")}'`;
  return `format=gray,geq=lum='255*(${expr})',format=rgb24,lutrgb=r=${ch(0)}:g=${ch(1)}:b=${ch(2)}`;
}

// The `m` expressions use only sin/cos of integer multiples of $p, so every loop is seamless.
const aurora =
  "clip(0.34+0.12*sin(6*$u+1.7*sin(4*$v+$p)+$p)+0.1*sin(5*$v-1.3*cos(3*$u-$p)-2*$p)+0.08*sin(4*($u+$v)+2*sin(2*$u-3*$v+$p))-0.9*($v-0.4)*($v-0.4)" +
  "+0.34*exp(-pow(($v-0.42-0.14*sin(3*$u+$p)-0.05*sin(7*$u-2*$p))*8,2))*(0.75+0.25*sin(4*$u-$p))+0.2*exp(-pow(($v-0.64-0.1*sin(2*$u-$p+1))*11,2)),0,1)";
const silk =
  "clip(0.44+0.16*sin(3*$u+2.2*sin(2.5*$v+$p)+$p)-0.6*($v-0.5)*($v-0.5)" +
  "+0.42*pow(0.5+0.5*sin(31.4*($v+0.35*$u)+2.5*sin(2*$u+$p)+$p),6)*(0.6+0.4*sin(2*$u-$p)),0,1)";

const auroraRamp: Ramp = [
  [0, night],
  [0.28, brand[900]],
  [0.5, brand[700]],
  [0.72, orchid],
  [0.86, lilac],
  [1, amber],
];
const silkRamp: Ramp = [
  [0, night],
  [0.35, brand[950]],
  [0.55, brand[800]],
  [0.75, brand[600]],
  [0.9, brand[400]],
  [1, lilac],
];
async function lavfiClip(name: string, m: string, ramp: Ramp, work: string): Promise<string> {
  const lossless = join(work, `${name}.mkv`);
  // Rendered at half size (the fields are smooth), then scaled with a gentle blur to 720p.
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `color=c=black:s=480x270:r=${FPS}:d=${SECONDS},${field(m, ramp)},scale=${W}:${H}:flags=bicubic,format=yuv420p`,
    "-frames:v",
    String(FRAMES),
    "-c:v",
    "libx264",
    "-qp",
    "0",
    "-preset",
    "ultrafast",
    lossless,
  ]);
  return lossless;
}

// ---------------------------------------------------------------------------------------------
// hero-2: a constellation of particles on closed orbits, connected when close, drawn as SVG
// frames by sharp and piped to ffmpeg.

type Particle = {
  cx: number;
  cy: number;
  ax: number;
  ay: number;
  kx: number;
  ky: number;
  px: number;
  py: number;
  r: number;
  hot: boolean;
};

function particles(): Particle[] {
  const r = rng("hero-2");
  return Array.from({ length: 58 }, (_, i) => ({
    cx: r.range(-0.05, 1.05) * W,
    cy: r.range(-0.05, 1.05) * H,
    ax: r.range(40, 150),
    ay: r.range(30, 110),
    kx: r.int(1, 2) * (r.next() > 0.5 ? 1 : -1),
    ky: r.int(1, 2),
    px: r.range(0, Math.PI * 2),
    py: r.range(0, Math.PI * 2),
    r: r.range(2.2, 5),
    hot: i % 11 === 0,
  }));
}

function constellationFrame(ps: Particle[], f: number): string {
  const p = (2 * Math.PI * f) / FRAMES;
  const pts = ps.map(
    (q) => [q.cx + q.ax * Math.sin(q.kx * p + q.px), q.cy + q.ay * Math.cos(q.ky * p + q.py)] as const,
  );
  // background: two glows drifting on closed paths
  const g1 = [W * (0.7 + 0.12 * Math.sin(p)), H * (0.35 + 0.1 * Math.cos(p))];
  const g2 = [W * (0.25 + 0.1 * Math.cos(p)), H * (0.75 + 0.08 * Math.sin(2 * p))];
  let s =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${night}"/><stop offset="1" stop-color="${brand[900]}"/></linearGradient>` +
    `<radialGradient id="g1"><stop offset="0" stop-color="${brand[600]}" stop-opacity="0.75"/><stop offset="1" stop-color="${brand[600]}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="g2"><stop offset="0" stop-color="${indigo}" stop-opacity="0.5"/><stop offset="1" stop-color="${indigo}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="halo"><stop offset="0" stop-color="${amber}" stop-opacity="0.6"/><stop offset="1" stop-color="${amber}" stop-opacity="0"/></radialGradient>` +
    `</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<ellipse cx="${n(g1[0]!)}" cy="${n(g1[1]!)}" rx="620" ry="440" fill="url(#g1)"/>` +
    `<ellipse cx="${n(g2[0]!)}" cy="${n(g2[1]!)}" rx="560" ry="380" fill="url(#g2)"/>`;
  const maxD = 190;
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]);
      if (d < maxD)
        s += `<line x1="${n(pts[i]![0])}" y1="${n(pts[i]![1])}" x2="${n(pts[j]![0])}" y2="${n(pts[j]![1])}" stroke="${brand[300]}" stroke-opacity="${n(0.55 * (1 - d / maxD) ** 1.5)}" stroke-width="1.6"/>`;
    }
  ps.forEach((q, i) => {
    const [x, y] = pts[i]!;
    if (q.hot) s += `<circle cx="${n(x)}" cy="${n(y)}" r="26" fill="url(#halo)"/>`;
    s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(q.r)}" fill="${q.hot ? amber : "#f3e8fb"}" fill-opacity="${q.hot ? 1 : 0.85}"/>`;
  });
  return s + "</svg>";
}

async function constellationClip(work: string): Promise<string> {
  const lossless = join(work, "hero-2.mkv");
  const ps = particles();
  await run(
    "ffmpeg",
    [
      "-v",
      "error",
      "-y",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${W}x${H}`,
      "-r",
      String(FPS),
      "-i",
      "-",
      "-vf",
      "format=yuv420p",
      "-c:v",
      "libx264",
      "-qp",
      "0",
      "-preset",
      "ultrafast",
      lossless,
    ],
    async (stdin) => {
      for (let f = 0; f < FRAMES; f++) {
        const frame = await sharp(Buffer.from(constellationFrame(ps, f)))
          .removeAlpha()
          .raw()
          .toBuffer();
        if (!stdin.write(frame)) await new Promise((r) => stdin.once("drain", r));
      }
    },
  );
  return lossless;
}

// ---------------------------------------------------------------------------------------------
// Encoding

async function encode(name: string, src: string, kbps: number): Promise<void> {
  const outDir = join(root, "public/videos");
  mkdirSync(outDir, { recursive: true });
  const webm = join(outDir, `${name}.webm`);
  const mp4 = join(outDir, `${name}.mp4`);
  const common = ["-v", "error", "-y", "-i", src, "-an", "-pix_fmt", "yuv420p", "-r", String(FPS)];
  // VP9, two-pass constrained quality.
  const log = join(tmpdir(), `vp9-${name}`);
  const vp9 = [
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    `${kbps}k`,
    "-maxrate",
    `${Math.round(kbps * 1.3)}k`,
    "-crf",
    "31",
    "-row-mt",
    "1",
    "-tile-columns",
    "1",
    "-g",
    String(FRAMES),
    "-passlogfile",
    log,
  ];
  await run("ffmpeg", [
    ...common,
    ...vp9,
    "-pass",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "4",
    "-f",
    "webm",
    "/dev/null",
  ]);
  await run("ffmpeg", [...common, ...vp9, "-pass", "2", "-deadline", "good", "-cpu-used", "1", webm]);
  rmSync(`${log}-0.log`, { force: true });
  // H.264 High profile, two-pass to the same budget, faststart for progressive playback.
  const x264 = [
    "-c:v",
    "libx264",
    "-preset",
    "slow",
    "-profile:v",
    "high",
    "-b:v",
    `${kbps}k`,
    "-maxrate",
    `${Math.round(kbps * 1.4)}k`,
    "-bufsize",
    `${kbps * 2}k`,
    "-g",
    String(FRAMES / 2),
    "-passlogfile",
    log,
  ];
  await run("ffmpeg", [...common, ...x264, "-pass", "1", "-f", "mp4", "/dev/null"]);
  await run("ffmpeg", [...common, ...x264, "-pass", "2", "-movflags", "+faststart", mp4]);
  for (const f of [`${log}-0.log`, `${log}-0.log.mbtree`]) rmSync(f, { force: true });
  const kb = (f: string) => `${Math.round(statSync(f).size / 1024)} KB`;
  console.log(`${name}: webm ${kb(webm)}, mp4 ${kb(mp4)}`);
}

/** Frame 0 (= the loop's start) as the poster source. */
async function poster(name: string, src: string, work: string): Promise<void> {
  const png = join(work, `${name}-poster.png`);
  await run("ffmpeg", ["-v", "error", "-y", "-i", src, "-frames:v", "1", png]);
  mkdirSync(join(root, "media/posters"), { recursive: true });
  await sharp(png)
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4", mozjpeg: true })
    .toFile(join(root, `media/posters/${name}.jpg`));
}

/** Preview: frames at t = 0, 2, 4, 6 s of a lavfi clip, side by side, without encoding. */
async function preview(name: string, m: string, ramp: Ramp): Promise<void> {
  const out = join(tmpdir(), `${name}-preview.png`);
  const tiles = [];
  for (const t of [0, 2, 4, 6]) {
    const f = join(tmpdir(), `${name}-t${t}.png`);
    await run("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `color=c=black:s=480x270:r=${FPS}:d=1,${field(m.replaceAll("$p", `($p+${n((2 * Math.PI * t) / SECONDS)})`), ramp)}`,
      "-frames:v",
      "1",
      f,
    ]);
    tiles.push({ input: f, left: (t / 2) * 490, top: 0 });
  }
  await sharp({ create: { width: 4 * 490, height: 270, channels: 3, background: "#ffffff" } })
    .composite(tiles)
    .png()
    .toFile(out);
  console.log(`preview → ${out}`);
}

if (process.argv[2] === "--preview") {
  if (process.argv[3] === "brands") await preview("brands", silk, silkRamp);
  else await preview("hero-1", aurora, auroraRamp);
  process.exit(0);
}

const only = process.argv[2];
const work = mkdtempSync(join(tmpdir(), "techspark-video-"));
try {
  const clips: Array<[string, () => Promise<string>, number]> = [
    ["hero-1", () => lavfiClip("hero-1", aurora, auroraRamp, work), 540],
    ["hero-2", () => constellationClip(work), 560],
    ["brands", () => lavfiClip("brands", silk, silkRamp, work), 420],
  ];
  for (const [name, make, kbps] of clips) {
    if (only && only !== name) continue;
    const t0 = Date.now();
    const src = await make();
    await poster(name, src, work);
    await encode(name, src, kbps);
    console.log(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
