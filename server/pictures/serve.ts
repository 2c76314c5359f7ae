// GET /media/u/<hash>-<width>.<avif|webp|jpg|png>: an uploaded picture's file, from the database.
// Its address changes with its bytes (the name is their hash), so it is cached for a year and
// never asked again; an address of nothing is a plain 404. One spelling per file: the width as
// the pages write it (`-640`, never `-0640`: issue 45), so that no second address answers for it.
import type { Request, Response } from "express";
import type { PictureRepository } from "./repository.ts";
import type { PictureFormat } from "./tables.ts";

const FILE = /^([0-9a-f]{16})-([1-9]\d{0,3})\.(avif|webp|jpg|png)$/;

const TYPES: Record<PictureFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

export function serveHandler(repo: PictureRepository) {
  return async (req: Request, res: Response) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    const match = FILE.exec(String(req.params.file ?? ""));
    const found = match
      ? await repo.file(`u/${match[1]}`, Number(match[2]), match[3] as PictureFormat)
      : undefined;
    if (!found) return void res.status(404).type("text/plain").send("Not found");
    res.setHeader("Content-Type", TYPES[match![3] as PictureFormat]);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("ETag", found.etag);
    const given = req.get("if-none-match");
    if (given && given.split(",").some((t) => t.trim().replace(/^W\//, "") === found.etag))
      return void res.status(304).end();
    const data = Buffer.from(found.data);
    res.setHeader("Content-Length", String(data.length));
    res.status(200).end(req.method === "HEAD" ? undefined : data);
  };
}
