import express from "express";
import type { AddressInfo } from "node:net";
import type { Services } from "../services.ts";
import { formActionsRouter } from "./form-actions.ts";

/** Serves the services' routers (GET /api/csrf, the console's /api/admin/…, the traffic beacon …)
 *  and the public forms' route actions (/contact-us …: server/testing/form-actions.ts) on
 *  127.0.0.1 (random port). Not POST /api/send-email: a React Router route, served by the built
 *  server only. */
export async function serve(target: {
  services: Services;
}): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(target.services.routers);
  app.use(formActionsRouter(target.services));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
