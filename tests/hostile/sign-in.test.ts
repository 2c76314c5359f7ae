// @vitest-environment node
// The staff console's sign-in against the real built server (`node server/main.ts`), as a
// stranger or a member holding one passkey would try it (issue 26), with a software
// authenticator that answers as a browser does (server/staff/testing/authenticator.ts): another
// member's user handle, a credential id someone already registered, a plain `staff` cookie over
// HTTPS, SITE_ORIGIN naming an address, and the rate limit, which must stop guessing and never a
// member who signs in often.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild, startBuiltServer, type BuiltServer } from "#server/testing/server-process.ts";
import { fetchToken, postJson } from "#server/testing/visitor.ts";
import { createStaffRepository } from "#server/staff/repository.ts";
import { softwareAuthenticator, strangerAuthenticator } from "#server/staff/testing/authenticator.ts";
import { withDatabase } from "./helpers.ts";

const skip = skipWithoutBuild("sign-in");
const SECRET = "sign-in-hostile-secret-0123456789-abcdefgh";

type Device = ReturnType<typeof softwareAuthenticator>;

describe.skipIf(skip)("staff sign-in against the built server", () => {
  const servers: BuiltServer[] = [];

  async function start(env: Record<string, string> = {}) {
    const server = await startBuiltServer("sign-in-", { MIN_SUBMIT_MS: "0", SECRET, ...env });
    servers.push(server);
    const withStore = <T>(fn: (store: ReturnType<typeof createStaffRepository>) => Promise<T>) =>
      withDatabase(server.dataDir, (db) => fn(createStaffRepository(db)));
    return { server, url: server.url, withStore };
  }
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  /** A JSON post as the console's script sends it (its XSRF token, from the site's own page). */
  const post = async (url: string, target: string, body: unknown, origin = url) =>
    postJson(`${url}/api/admin${target}`, body, { xsrf: await fetchToken(url), headers: { origin } });

  async function signIn(
    url: string,
    device: Device,
    edit: (r: ReturnType<Device["get"]>) => void = () => {},
  ) {
    const { options } = (await post(url, "/sign-in", {})).body as { options: Parameters<Device["get"]>[0] };
    const response = device.get(options);
    edit(response);
    return post(url, "/sign-in/verify", { response });
  }

  type Started = Awaited<ReturnType<typeof start>>;
  async function enroll(s: Started, email: string, name: string, id?: Uint8Array) {
    const { token, member } = await s.withStore((store) =>
      store.invite({ email, name, role: "staff", by: "shell" }, Date.now()),
    );
    const device = softwareAuthenticator(s.url);
    const { options } = (await post(s.url, "/invitation", { token })).body as {
      options: Parameters<Device["create"]>[0];
    };
    const answer = await post(s.url, "/invitation/verify", { token, response: device.create(options, id) });
    return { member, device, answer };
  }

  let main: Started;
  beforeAll(async () => {
    main = await start();
  });

  it("refuses to start with SITE_ORIGIN naming an IP address, in one line that says why", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const error = await start({ SITE_ORIGIN: origin }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error, origin).not.toBeNull();
      const lines = error!.message.split("\n").filter((l) => l.includes("SITE_ORIGIN"));
      expect(lines, origin).toHaveLength(1);
      expect(lines[0]).toContain("not an IP address (passkeys cannot be bound to an address)");
      expect(lines[0]).toContain("http://localhost:PORT");
    }
  });

  it("refuses one member's passkey with another member's user handle (401), in the first member's audit", async () => {
    const ada = await enroll(main, "ada@techspark.ng", "Ada");
    const bola = await enroll(main, "bola@techspark.ng", "Bola");
    expect([ada.answer.status, bola.answer.status]).toEqual([200, 200]);
    const swapped = await signIn(main.url, ada.device, (r) => {
      r.response.userHandle = bola.member.webauthnUserId;
    });
    expect(swapped.status).toBe(401);
    expect(swapped.headers.get("set-cookie")).toBeNull();
    const refused = await main.withStore(async (store) =>
      (await store.auditLog()).filter((e) => e.action === "sign-in-refused"),
    );
    expect(refused).toMatchObject([{ actor: "ada@techspark.ng", detail: "user handle" }]);
    expect((await signIn(main.url, ada.device)).body).toMatchObject({ success: true, name: "Ada" });
  });

  it("answers a credential id that is someone else's with 400, logged at info, never an error or 503", async () => {
    const chidi = await enroll(main, "chidi@techspark.ng", "Chidi");
    const taken = chidi.device.credentials[0]!.id;
    const dayo = await enroll(main, "dayo@techspark.ng", "Dayo", taken);
    expect(dayo.answer.status).toBe(400);
    expect(dayo.answer.body.message).toMatch(/registered for the staff console already/);
    const entries = main.server.logEntries();
    expect(entries.filter((e) => e.level === "error" || e.level === 50)).toEqual([]);
    expect(entries.some((e) => e.msg === "staff.registration-refused")).toBe(true);
    expect((await signIn(main.url, chidi.device)).body).toMatchObject({ success: true, name: "Chidi" });
  });

  it("lets a member sign in 12 times in a minute; stops a stranger after 10 unknown passkeys, counted apart from the audit log", async () => {
    const s = await start();
    const { device, answer } = await enroll(s, "ify@techspark.ng", "Ify");
    expect(answer.status).toBe(200);
    for (let i = 0; i < 12; i++) expect((await signIn(s.url, device)).status, `sign-in ${i + 1}`).toBe(200);

    const auditBefore = await s.withStore((store) => store.auditLog());
    const stranger = strangerAuthenticator(s.url);
    for (let i = 0; i < 10; i++)
      expect((await signIn(s.url, stranger)).status, `unknown passkey ${i + 1}`).toBe(401);
    const refused = await post(s.url, "/sign-in", {});
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    expect(await s.withStore((store) => store.auditLog())).toEqual(auditBefore);
    const counted = await s.withStore((store) => store.signInRefusals(Date.now() - 3_600_000));
    expect(counted.clients).toBe(1);
    expect(counted.reasons.find((r) => r.reason === "unknown-passkey")?.count).toBe(10);
    expect(counted.reasons.find((r) => r.reason === "rate-limit")?.count).toBe(1);
  });

  it("over HTTPS reads only the __Host-staff cookie: a plain `staff` cookie signs nobody in", async () => {
    const s = await start({ SITE_ORIGIN: "https://techspark.example" });
    const token = await s.withStore(async (store) => {
      const { member } = await store.invite(
        { email: "eze@techspark.ng", name: "Eze", role: "owner", by: "shell" },
        Date.now(),
      );
      return store.startSession(member.id, "x", Date.now());
    });
    const page = (cookie: string) => fetch(`${s.url}/admin`, { headers: { cookie } });
    const plain = await page(`staff=${token}`);
    expect(plain.status).toBe(401);
    expect(await plain.text()).toContain("Sign in with a passkey");
    const prefixed = await page(`__Host-staff=${token}`);
    expect(prefixed.status).toBe(200);
    expect(await prefixed.text()).toMatch(/Welcome, (<!-- -->)?Eze/);
  });
});
