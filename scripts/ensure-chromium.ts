// The browser tests and benchmarks use Debian's Chromium. Install it when it is missing
// and we are root; otherwise say exactly what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "../tests/chromium.ts";

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    console.error(
      `Chromium was not found at ${chromiumPath}.\n` +
        "Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
