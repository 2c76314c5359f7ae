// Renders a contact sheet of media/*.svg (or a filter) to a PNG for visual review.
//   node scripts/media/contact-sheet.ts <filter> <out.png> [columns] [cellWidth]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = fileURLToPath(new URL("../..", import.meta.url));
const [filter = "", out = "/tmp/contact-sheet.png", colsArg = "4", cellArg = "360"] = process.argv.slice(2);
const cols = Number(colsArg);
const cell = Number(cellArg);
const dir = join(root, "media");
const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.(svg|png|jpe?g|webp)$/.test(f) && new RegExp(filter).test(f))
  .sort();
const tiles = await Promise.all(
  files.map(async (f) => {
    const buf = readFileSync(join(dir, f));
    const img = sharp(buf, { density: 72 }).resize({
      width: cell,
      height: Math.round(cell * 0.75),
      fit: "contain",
      background: "#888",
    });
    return img.png().toBuffer();
  }),
);
const ch = Math.round(cell * 0.75);
const rows = Math.ceil(tiles.length / cols);
const gap = 8;
await sharp({
  create: {
    width: cols * (cell + gap) + gap,
    height: rows * (ch + gap) + gap,
    channels: 3,
    background: "#ffffff",
  },
})
  .composite(
    tiles.map((input, i) => ({
      input,
      left: gap + (i % cols) * (cell + gap),
      top: gap + Math.floor(i / cols) * (ch + gap),
    })),
  )
  .png()
  .toFile(out);
console.log(`${files.length} items → ${out}`);
