// A minimal server process for the crash test: node fixture-server.ts '<ServicesConfig JSON>'.
// Prints {"port":N} once listening; logs go to stderr.
import express from "express";
import type { AddressInfo } from "node:net";
import { openServices, type ServicesConfig } from "../../services.ts";
import { formActionsRouter } from "../../testing/form-actions.ts";

const config = JSON.parse(process.argv[2] ?? "{}") as ServicesConfig;
const services = await openServices({
  ...config,
  logger: (entry) => process.stderr.write(`${JSON.stringify(entry)}\n`),
});
const app = express();
app.use(services.routers);
app.use(formActionsRouter(services));
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  void services.close().then(() => process.exit(0));
});
