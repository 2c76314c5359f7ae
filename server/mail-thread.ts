// The mail thread's entry (server/mail/thread-worker.ts is the page thread's side): opens its
// own connection to the database and the ordinary mail service on it, with every kind of e-mail
// (server/mail-kinds.ts), and does what the page thread asks. Logs go to the same output.
import { parentPort, workerData } from "node:worker_threads";
import type { Agency } from "#app/lib/agency.ts";
import { consoleLogger, describeError } from "./log.ts";
import { openDatabase, type DatabaseOptions } from "./db/index.ts";
import { createLinkSigner } from "./mail/links.ts";
import { createMailService, seedDetails, type MailTuning } from "./mail/index.ts";
import type { FromThread, ToThread } from "./mail/thread-worker.ts";
import { MAIL_KINDS } from "./mail-kinds.ts";

/** The settings the page thread passes (server/services.ts). */
export type MailThreadData = Omit<MailTuning, "startWorker"> & {
  database: DatabaseOptions;
  smtpUrl: string;
  from: string;
  agency: string;
  siteUrl: string;
  secret: string;
};

const port = parentPort!;
const data = workerData as MailThreadData;
const tell = (message: FromThread) => port.postMessage(message);
let details: Agency = seedDetails();

try {
  const db = await openDatabase(data.database);
  const mail = await createMailService({
    ...data,
    db,
    links: createLinkSigner(data.secret),
    details: () => details,
    kinds: MAIL_KINDS,
    logger: consoleLogger,
    startWorker: false,
  });
  // The status, for the page thread's readiness check: at each change of its run, at most every
  // quarter second.
  let last = "";
  const report = () => {
    const status = mail.worker.status();
    const now = JSON.stringify(status);
    if (now !== last) tell({ type: "status", status });
    last = now;
  };
  const reporting = setInterval(report, 250);
  port.on("message", (message: ToThread) => {
    switch (message.type) {
      case "details":
        details = message.details;
        break;
      case "start":
        mail.worker.start();
        report();
        break;
      case "poke":
        mail.worker.poke();
        break;
      case "run":
        mail.worker.runOnce().then(
          (attempts) => tell({ type: "ran", id: message.id, attempts }),
          (error: unknown) => tell({ type: "ran", id: message.id, attempts: 0, error: describeError(error) }),
        );
        break;
      case "stop":
        // The e-mail under way is finished (or cut after stopSendWaitMs), then all closes and the
        // thread ends.
        clearInterval(reporting);
        void mail
          .close()
          .then(() => db.close())
          .catch((error: unknown) =>
            consoleLogger({ level: "error", msg: "mail.thread.stop-failed", reason: describeError(error) }),
          )
          .finally(() => port.close());
        break;
    }
  });
} catch (error) {
  tell({ type: "failed", reason: describeError(error) });
  port.close();
}
