// The public forms' route actions (app/lib/form-action.server.ts) served over HTTP for the
// features' tests, without a build: the same action React Router runs for `/contact-us`,
// `/newsletter` and a post page (and their `.data` twins), its FormReply answered as JSON with
// the action's status and headers. The built server's own answers are checked in tests/hostile.
import express, { type Request as ExpressRequest, type Response } from "express";
import type { RouterContextProvider, UNSAFE_DataWithResponseInit as DataWithInit } from "react-router";
import { submitContactForm } from "#app/lib/contact-form.server.ts";
import { signUp } from "#app/lib/newsletter.server.ts";
import { submitCommentForm } from "#app/lib/comments.server.ts";
import { ports } from "#app/lib/ports/ports.ts";
import { servicesContext, type Services } from "../services.ts";

type Action = (request: Request, context: RouterContextProvider) => Promise<DataWithInit<unknown>>;

export function formActionsRouter(services: Services): express.Router {
  const router = express.Router();
  const mount = (path: string, action: Action) =>
    router.post([path, `${path}.data`], async (req, res) => {
      // Every port, as the server fills them (the source's contexts: these actions are the source's).
      const context = servicesContext(ports, services, {
        headers: req.headers,
        ip: req.socket.remoteAddress ?? "",
      });
      send(res, await action(await toRequest(req), context));
    });
  mount("/contact-us", submitContactForm);
  mount("/newsletter", signUp);
  mount("/blog-single-sidebar/:id", (request, context) =>
    submitCommentForm(
      request,
      context,
      Number(/^\/blog-single-sidebar\/([^/]*?)(?:\.data)?$/.exec(new URL(request.url).pathname)?.[1]),
    ),
  );
  return router;
}

function send(res: Response, result: DataWithInit<unknown>) {
  res.status(result.init?.status ?? 200);
  new Headers(result.init?.headers).forEach((value, name) => res.append(name, value));
  res.json(result.data);
}

async function toRequest(req: ExpressRequest): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
  }
  return new Request(`http://${req.get("host")}${req.originalUrl}`, {
    method: "POST",
    headers,
    body: Buffer.concat(chunks),
  });
}
