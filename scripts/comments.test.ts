// @vitest-environment node
// `npm run comments` as the operator sees it: comments are written with the repository (as the
// website does), then the command lists, shows, moderates, erases, prunes and counts them, and
// the posts show what was approved.
import { describe, expect, it } from "vitest";
import { SECRET } from "../server/testing/config.ts";
import { createCommentRepository, type NewComment } from "../server/comments/repository.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createOutbox } from "../server/mail/outbox.ts";
import { main } from "./comments.ts";
import { commandRunner } from "./testing/command.ts";

// The command's SQL is the comment repository's, whose suites run on both databases.
const databases = [sqliteDatabase];
const defer = deferrals();
const DAY = 86_400_000;

for (const database of databases) {
  describe(`npm run comments on ${database.name}`, () => {
    async function start() {
      const { db, location, cleanup } = await freshDb(database);
      defer(cleanup);
      const outbox = createOutbox(db);
      const store = createCommentRepository(db, outbox, SECRET);
      let n = 0;
      const write = async (fields: Partial<NewComment> = {}, at = Date.now()) => {
        const result = await store.write(
          {
            postId: 1,
            postTitle: "Why a fast website sells more",
            parentId: null,
            name: "Ada Reader",
            email: "ada@example.com",
            body: `Comment number ${++n}, with a thought about page speed.`,
            client: "client-hash",
            spam: null,
            ...fields,
          },
          at,
        );
        return result.id;
      };
      const cli = commandRunner(main, {
        DATA_DIR: location.dataDir,
        DATABASE_URL: location.databaseUrl,
        SECRET,
      });
      const moderationJobs = async () =>
        (await outbox.list({ kind: "comment-moderation" })).map((j) => j.recordId).sort();
      return { store, write, cli, moderationJobs };
    }

    it("lists comments newest first, only pending ones with --pending, and shows one in full", async () => {
      const { store, write, cli } = await start();
      const old = await write(
        { name: "Old Approver", body: "Approved long ago.\nSecond line." },
        Date.now() - DAY,
      );
      await store.moderate(old, "approve", "shell", Date.now());
      const fresh = await write({
        name: "Grace Hopper",
        email: "Grace@Example.com",
        body: "\nFirst line of a question.\nSecond line, only in show.",
      });

      const all = await cli("list");
      expect(all.code).toBe(0);
      const lines = all.stdout.split("\n");
      expect(lines[0]).toMatch(/^Id\s+State\s+Written \(UTC\)\s+Post\s+Name\s+E-mail\s+Text$/);
      expect(lines[2]).toContain(fresh);
      expect(lines[2]).toMatch(/pending\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+1 Why a fast website/);
      expect(lines[2]).toContain("grace@example.com");
      expect(lines[2]).toContain("First line of a question.");
      expect(all.stdout).not.toContain("Second line");
      expect(lines[3]).toContain(old);

      const pending = await cli("list", "--pending");
      expect(pending.stdout).toContain(fresh);
      expect(pending.stdout).not.toContain(old);
      expect((await cli("list", "--state", "approved")).stdout).not.toContain(fresh);
      expect((await cli("list", "--limit", "1")).stdout).not.toContain(old);

      const shown = await cli("show", fresh);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/Post\s+1 Why a fast website sells more \(\/blog-single-sidebar\/1\)/);
      expect(shown.stdout).toMatch(/Reply to\s+none/);
      expect(shown.stdout).toMatch(/Name\s+Grace Hopper\nE-mail\s+grace@example\.com\nState\s+pending/);
      expect(shown.stdout).toMatch(/Moderated\s+not yet/);
      expect(shown.stdout).toContain("First line of a question.\nSecond line, only in show.");
      expect((await cli("show", old)).stdout).toMatch(/Moderated\s+\d{4}-\d\d-\d\dT[\d:.]+Z by shell/);
    });

    it("approves (the post then shows it), says when it was already, rejects and files spam", async () => {
      const { store, write, cli } = await start();
      const a = await write();
      const b = await write();
      const c = await write();

      const approved = await cli("approve", a, b);
      expect(approved).toMatchObject({ code: 0, stderr: "" });
      expect(approved.stdout).toBe(
        `${a}: Approved: it is shown on the post within a second.\n` +
          `${b}: Approved: it is shown on the post within a second.\n`,
      );
      expect((await store.published(1)).map((p) => p.id).sort()).toEqual([a, b].sort());
      expect((await cli("approve", a)).stdout).toBe(`${a}: already approved.\n`);

      expect((await cli("reject", b)).stdout).toMatch(/^.*: Rejected/);
      expect((await store.published(1)).map((p) => p.id)).toEqual([a]);
      expect((await cli("spam", c)).stdout).toMatch(/Marked as spam/);
      expect(await store.get(c)).toMatchObject({
        state: "spam",
        spamReason: "moderator",
        moderatedBy: "shell",
      });
      expect((await cli("list", "--state", "spam")).stdout).toContain("spam (moderator)");

      const unknown = await cli("approve", c, "no-such-id");
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toContain(`${c}: Approved`); // the known one is still done
      expect(unknown.stderr).toContain("No comment with id no-such-id");
      expect(await cli("show", "no-such-id")).toMatchObject({ code: 1 });
    });

    it("lists and erases one person's comments, with their moderation e-mails", async () => {
      const { store, write, cli, moderationJobs } = await start();
      const shown = await write({ email: "ada@example.com" });
      await store.moderate(shown, "approve", "shell", Date.now());
      const waiting = await write({ email: "ada@example.com", postId: 2, postTitle: "Another post" });
      const other = await write({ email: "bob@example.com", name: "Bob" });
      expect(await moderationJobs()).toEqual([waiting, other].sort());

      const listed = await cli("list", "--email", "ADA@example.com");
      expect(listed.stdout).toContain(shown);
      expect(listed.stdout).toContain(waiting);
      expect(listed.stdout).not.toContain(other);

      const erased = await cli("erase", "ada@example.com");
      expect(erased).toMatchObject({ code: 0 });
      expect(erased.stdout).toMatch(/^Erased 2 comment/);
      expect(await store.byEmail("ada@example.com")).toEqual([]);
      expect(await store.published(1)).toEqual([]);
      expect(await moderationJobs()).toEqual([other]);
      expect((await cli("list", "--email", "ada@example.com")).stdout).toBe("No comments.\n");
      expect((await cli("erase", "ada@example.com")).stdout).toMatch(/^No comments written with/);
      expect(await store.get(other)).not.toBeNull();
    });

    it("prunes only rejected and spam comments older than 30 days, and counts per state", async () => {
      const { store, write, cli } = await start();
      const long = Date.now() - 40 * DAY;
      const oldSpam = await write({}, long);
      await store.moderate(oldSpam, "spam", "shell", long);
      const oldRejected = await write({}, long);
      await store.moderate(oldRejected, "reject", "shell", long);
      const newSpam = await write({}, long);
      await store.moderate(newSpam, "spam", "shell", Date.now() - DAY);
      const oldApproved = await write({}, long);
      await store.moderate(oldApproved, "approve", "shell", long);
      const oldPending = await write({}, long);

      expect((await cli("count")).stdout).toBe("pending   1\napproved  1\nrejected  1\nspam      2\n");
      expect((await cli("prune")).stdout).toBe("Deleted 2 rejected or spam comment(s) older than 30 days.\n");
      expect((await store.list()).map((c) => c.id).sort()).toEqual([newSpam, oldApproved, oldPending].sort());
      expect((await cli("count")).stdout).toBe("pending   1\napproved  1\nrejected  0\nspam      1\n");
    });

    it("answers a wrong command line with exit code 2 and a pointer to help", async () => {
      const { cli } = await start();
      expect((await cli("help")).stdout).toMatch(/^Blog comments[\s\S]*Environment:\n {2}DATA_DIR/);
      for (const args of [
        ["frobnicate"],
        ["list", "--state", "nope"],
        ["list", "--pending", "--state", "spam"],
        ["list", "--limit", "0"],
        ["list", "--colour"],
        ["approve"],
        ["erase"],
        ["show"],
      ]) {
        const result = await cli(...args);
        expect({ args, code: result.code }).toEqual({ args, code: 2 });
        expect(result.stderr).toContain("Run `node scripts/comments.ts help`");
      }
    });
  });
}
