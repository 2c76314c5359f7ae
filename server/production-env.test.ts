// @vitest-environment node
// A server started without NODE_ENV must load React's production build (the development build
// renders at half speed): server/production-env.ts, imported first by server/main.ts.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** NODE_ENV after the import, and whether `react` is React's production build. */
function probe(env: Record<string, string>) {
  const script = `
    import { createRequire } from "node:module";
    import path from "node:path";
    const require = createRequire(process.cwd() + "/");
    await import(process.cwd() + "/server/production-env.ts");
    await import("react");
    const production = path.join(path.dirname(require.resolve("react")), "cjs/react.production.js");
    console.log(JSON.stringify({ env: process.env.NODE_ENV, production: require("react") === require.cache[production]?.exports }));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
  });
  return JSON.parse(out) as { env: string; production: boolean };
}

describe("production-env", () => {
  it("makes a server started without NODE_ENV a production server", () => {
    expect(probe({})).toEqual({ env: "production", production: true });
  });

  it("leaves an explicit NODE_ENV alone", () => {
    expect(probe({ NODE_ENV: "development" })).toEqual({ env: "development", production: false });
  });

  it("is the first thing server/main.ts imports", () => {
    const firstImport = /^import .*$/m.exec(readFileSync("server/main.ts", "utf8"))?.[0];
    expect(firstImport).toBe('import "./production-env.ts";');
  });
});
