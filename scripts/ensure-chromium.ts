// The browser tests run in Debian's Chromium headless shell (tests/chromium.ts says why). Install
// it when it is missing and we are root; otherwise say exactly what to install.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { testBrowser } from "../tests/chromium.ts";

// CI (.ci/run) installs it in the background from its start: wait for that installation, which
// writes its exit status to this file when it ends, and show its output if it failed.
const installing = process.env.CHROMIUM_INSTALL_DONE;
if (installing && !existsSync(testBrowser.path)) {
  const began = Date.now();
  while (!existsSync(installing)) await sleep(500);
  const status = readFileSync(installing, "utf8").trim();
  console.log(
    `${testBrowser.package}: its installation in the background ended (waited ${Date.now() - began} ms, exit ${status})`,
  );
  if (status !== "0") {
    console.error(readFileSync(`${installing}.log`, "utf8"));
    process.exit(1);
  }
}

if (!existsSync(testBrowser.path)) {
  if (process.getuid?.() === 0) {
    console.log(`${testBrowser.package} is missing: installing Debian's package (apt-get)…`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", testBrowser.package], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    console.error(
      `Chromium's headless shell was not found at ${testBrowser.path}.\n` +
        `Install it with:  sudo apt-get update && sudo apt-get install -y ${testBrowser.package}\n` +
        "or point TEST_CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
