// Pictures for the tests, made when they run (no binary files kept): photos with sharp, a PNG
// with GPS EXIF, a decompression bomb, files that pretend to be pictures; and the uploads as the
// editor sends them.
import { request } from "node:http";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import {
  PICTURE_CROP_FIELD,
  PICTURE_FOR_FIELD,
  PICTURE_FIELD,
  PICTURE_FRAME_FIELD,
  PICTURE_UPLOAD_PATH,
} from "#app/lib/picture-upload.ts";

/** A photo-like picture (a gradient with some noise: not a flat colour that compresses to nothing). */
export async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 90, b: 60 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const image = sharp(noise).tint({ r: 200, g: 120, b: 60 });
  return format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** Text found in the picture's EXIF, to look for in every file made of it. */
export const EXIF_MARKER = "Taken-at-the-office-of-Amina";

/** A PNG with EXIF: a description, the camera, and where it was taken (GPS). */
export async function pngWithGps() {
  return sharp(await photo(900, 600, "png"))
    .png()
    .withExif({
      IFD0: { ImageDescription: EXIF_MARKER, Make: "TestCam", Model: "GPS-1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "9/1 4/1 3000/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "7/1 29/1 1500/100",
      },
    })
    .toBuffer();
}

/** A JPEG stored on its side, with EXIF orientation 6 (turn it a quarter to view it). */
export async function sidewaysJpeg() {
  return sharp(await photo(600, 400))
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid PNG of `size` × `size` black pixels (1 bit each): a few hundred KB that decode to
 *  size² pixels (20,000²: 400 million, 1.6 GB as RGBA). */
export function pngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(size / 8)); // filter byte + pixels, all zero
  const raw = Buffer.alloc(row.length * size);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(document.cookie)"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);

export const HTML_AS_JPEG = Buffer.from(
  "<!doctype html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>",
);

export type UploadAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

/** An upload as the editor's script sends it: the form token first, then the file; JSON back. */
export async function upload(
  base: string,
  file: Buffer,
  filename: string,
  options: {
    cookie?: string;
    token?: string;
    json?: boolean;
    back?: string;
    /** Uploaded to a frame ("portrait"), with the part kept ("x,y,w,h") or not. */
    frame?: string;
    crop?: string;
    /** The editor's picture field a plain form's upload is for ("thumb"). */
    field?: string;
    /** The page the browser says it was sent from (a plain form's editor). */
    referer?: string;
  } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  if (options.token !== undefined) form.append(CONSOLE_TOKEN_FIELD, options.token);
  if (options.back) form.append("back", options.back);
  if (options.frame !== undefined) form.append(PICTURE_FRAME_FIELD, options.frame);
  if (options.crop !== undefined) form.append(PICTURE_CROP_FIELD, options.crop);
  if (options.field !== undefined) form.append(PICTURE_FOR_FIELD, options.field);
  form.append(PICTURE_FIELD, new Blob([new Uint8Array(file)]), filename);
  const res = await fetch(base + PICTURE_UPLOAD_PATH, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: {
      origin: base,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json === false ? {} : { accept: "application/json" }),
      ...(options.referer ? { referer: options.referer } : {}),
    },
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** A body of `bytes` posted with its Content-Length, answered while it is still being sent: the
 *  status and text the server answered (a server that refuses it closes the connection). */
export function postLarge(
  base: string,
  bytes: number,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const url = new URL(base + PICTURE_UPLOAD_PATH);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          origin: base,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(bytes),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The server may answer and close before it is all sent: its answer counts, the error not.
    req.on("error", (error) => setTimeout(() => reject(error), 500));
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const n = Math.min(piece.length, bytes - sent);
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n)))
          return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}
