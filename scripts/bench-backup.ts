// The backup figures of issue 31 (docs/deploy.md, "Backups"): how long `npm run backup` and
// `npm run restore` take for a database of N posts and M contact messages, on SQLite or on
// PostgreSQL. The database is filled through the services' repositories (the seed posts copied
// to N, M messages each with its e-mail job), then the two commands run as an operator runs them
// (a process each: Node's start and the checks included), timed from outside.
//
//   node scripts/bench-backup.ts [--posts 200] [--messages 10000] [--database-url postgres://…]
// PostgreSQL: the URL of an empty database; pg_dump and pg_restore from PG_DUMP / PATH, and a
// second empty database for the restore: --restore-url.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openServices } from "../server/services.ts";
import { readPostFolder, seedFolder } from "../server/posts/files.ts";
import { listBackups } from "../server/backup/files.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "200" },
    messages: { type: "string", default: "10000" },
    "database-url": { type: "string" },
    "restore-url": { type: "string" },
  },
});
const posts = Number(values.posts);
const messages = Number(values.messages);
const work = mkdtempSync(path.join(tmpdir(), "bench-backup-"));
const dataDir = path.join(work, "data");
const databaseUrl = values["database-url"];

try {
  const services = await openServices({
    dataDir,
    databaseUrl,
    mailFrom: "TechSpark website <no-reply@techspark.ng>",
    mailTo: "hello@techspark.ng",
    secret: "bench-secret-0123456789-abcdefghijklmnop",
    rateLimit: { perMinute: 5, perHour: 20 },
    minSubmitMs: 0,
    trustProxy: false,
    startWorker: false,
    logger: () => {},
  });
  const seed = readPostFolder(seedFolder()).posts;
  const known = (await services.posts.store.all()).length;
  const extra = Array.from({ length: Math.max(0, posts - known) }, (_, i) => {
    const from = seed[i % seed.length]!;
    return { ...from, id: 10_000 + i, slug: `${from.slug}-copy-${i}`, title: `${from.title} (${i})` };
  });
  if (extra.length > 0) await services.posts.store.importPosts(extra, "bench", Date.now());
  const filled = Date.now();
  for (let i = 0; i < messages; i++)
    await services.contact.store.insert({
      id: randomUUID(),
      createdAt: filled - i * 60_000,
      name: `Sender ${i}`,
      email: `sender${i}@example.com`,
      phone: "+234 803 555 0142",
      message: `We would like a quote for a website and a mobile app (message ${i}). `.repeat(4),
      clientHash: "0123456789abcdef",
      state: "waiting-for-transport",
    });
  await services.close();

  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" };
  const timed = (script: string, args: string[], extraEnv: NodeJS.ProcessEnv) => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", script), ...args], {
      env: { ...env, ...extraEnv },
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
    return { ms: Math.round(performance.now() - started), stdout: run.stdout };
  };
  const backupDir = path.join(work, "backups");
  const backup = timed("backup.ts", ["--to", backupDir], {});
  const [taken] = await listBackups(backupDir);
  const restore = timed("restore.ts", [taken!.path], {
    DATA_DIR: path.join(work, "restored"),
    DATABASE_URL: values["restore-url"] ?? "",
  });
  console.log(
    JSON.stringify(
      {
        database: databaseUrl ? "PostgreSQL" : "SQLite",
        posts: taken!.tables.blog_post,
        messages: taken!.tables.contact_message,
        bytes: taken!.bytes,
        backupCopyMs: taken!.ms,
        backupCommandMs: backup.ms,
        restoreCommandMs: restore.ms,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
