// Starts the site: `npm start` (after a build). Configuration comes from the environment
// (server/config.ts); see README for every variable.
import { createServer } from "node:http";
import { ConfigError, parseConfig } from "./config.ts";
import { createApp } from "./app.ts";

const log = (entry: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

async function main() {
  const config = parseConfig(process.env);
  const app = await createApp({ config, log });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log({ msg: "listening", url: `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}` });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ msg: "stopping", signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      log({ msg: "stopped" });
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
