// A minimal server process for the crash test: node fixture-server.ts '<ServicesConfig JSON>'.
// Prints {"port":N} once listening; logs go to stderr. `dieBeforeReply: n` in the JSON: the
// process SIGKILLs itself when the n-th contact post's answer is about to leave, after the
// message was stored (the window where a visitor sees "could not reach our server").
import express from "express";
import type { AddressInfo } from "node:net";
import { openServices, type ServicesConfig } from "../../services.ts";
import { formActionsRouter } from "../../testing/form-actions.ts";

const { dieBeforeReply, ...config } = JSON.parse(process.argv[2] ?? "{}") as ServicesConfig & {
  dieBeforeReply?: number;
};
const services = await openServices({
  ...config,
  logger: (entry) => process.stderr.write(`${JSON.stringify(entry)}\n`),
});
const app = express();
app.use(services.routers);
let posts = 0;
app.post(["/contact-us", "/contact-us.data"], (_req, res, next) => {
  if (++posts === dieBeforeReply) res.json = () => process.kill(process.pid, "SIGKILL") as never;
  next();
});
app.use(formActionsRouter(services));
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  void services.close().then(() => process.exit(0));
});
