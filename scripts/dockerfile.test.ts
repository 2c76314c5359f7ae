// @vitest-environment node
// Docker cannot run on the development machines: the Dockerfile is checked here, and the
// command it runs is run from a directory laid out like the image's /app.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dockerfile = readFileSync("Dockerfile", "utf8").replace(/\\\n\s*/g, " ");
const instructions = dockerfile
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const stages = instructions.filter((line) => line.startsWith("FROM "));
const final = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));
const cmd = JSON.parse(final.find((line) => line.startsWith("CMD "))!.slice(4)) as string[];

describe("Dockerfile", () => {
  it("builds in stages on Node 24 slim and runs as a non-root user", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM node:24-slim\b/);
    expect(final.find((line) => line.startsWith("USER "))).toMatch(/^USER (node|\d{3,})$/);
  });

  it("ships only production dependencies and the built site", () => {
    const installs = instructions.filter((line) => /npm (ci|install)/.test(line));
    expect(installs.some((line) => line.includes("--omit=dev"))).toBe(true);
    const copies = final.filter((line) => line.startsWith("COPY"));
    expect(copies.some((line) => /--from=deps \/app\/node_modules/.test(line))).toBe(true);
    expect(copies.some((line) => /--from=build \/app\/build/.test(line))).toBe(true);
    expect(copies.some((line) => /^COPY \. /.test(line))).toBe(false);
  });

  it("checks its health on /healthz and keeps its data in a volume", () => {
    expect(final.find((line) => line.startsWith("HEALTHCHECK"))).toContain("/healthz");
    expect(final.some((line) => line.startsWith("VOLUME /data"))).toBe(true);
    expect(final.find((line) => line.startsWith("ENV "))).toMatch(/DATA_DIR=\/data/);
  });

  it("starts the server the way npm and the browser tests do", () => {
    expect(cmd).toEqual(["node", "server/main.ts"]);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.serve).toContain("node server/main.ts");
    expect(readFileSync("playwright.config.ts", "utf8")).toContain("node server/main.ts");
  });
});

const built = existsSync("build/server/index.js");
if (!built && process.env.TEST_REQUIRE_BUILD === "1")
  throw new Error("build/ is missing: run `npm run build` first");

describe.skipIf(!built)("the image's start command, from the image's files", () => {
  it("serves the site and its health from only what the final stage copies", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "image-"));
    try {
      // What the final stage copies (the large folders as links: their content is not in question).
      for (const line of final.filter((l) => l.startsWith("COPY "))) {
        const [from, to] = line.replace(/^COPY (--from=\w+ )?/, "").split(/\s+/) as [string, string];
        const source = path.resolve(from.replace(/^\/app\//, ""));
        const target = path.join(root, to === "./" ? path.basename(source) : to);
        mkdirSync(path.dirname(target), { recursive: true });
        if (["node_modules", "build"].includes(path.basename(source))) symlinkSync(source, target);
        else cpSync(source, target, { recursive: true });
      }
      const port = await new Promise<number>((resolve) => {
        const srv = createServer().listen(0, "127.0.0.1", () => {
          const { port } = srv.address() as { port: number };
          srv.close(() => resolve(port));
        });
      });
      const child = spawn(process.execPath, cmd.slice(1), {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOST: "127.0.0.1",
          PORT: String(port),
          DATA_DIR: path.join(root, "data"),
          LOG_REQUESTS: "false",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      try {
        let health: Response | undefined;
        for (let i = 0; i < 100 && !health; i++) {
          health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
          if (!health) await new Promise((r) => setTimeout(r, 100));
        }
        expect(health?.status, stderr).toBe(200);
        const home = await fetch(`http://127.0.0.1:${port}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("TechSpark");
        const ssr = await fetch(`http://127.0.0.1:${port}/search?q=app`);
        expect(ssr.status).toBe(200);
      } finally {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
