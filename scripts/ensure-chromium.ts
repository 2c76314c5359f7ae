// The browser tests run in Debian's Chromium headless shell (tests/chromium.ts says why). Install
// it when it is missing and we are root; otherwise say exactly what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { testBrowser } from "../tests/chromium.ts";

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
