// @vitest-environment node
// The console's content over the content service (SQLite: nothing here depends on the dialect):
// each problem of a form said in a plain sentence on its input; a new item made, changed on the
// revision the editor had, refused on an older one; its key fixed once made; published for later
// and shown at its time without anyone touching it; moved and deleted; every change audited.
import { describe, expect, it } from "vitest";
import { agencyType } from "#app/content-types/agency/type.ts";
import { counterType } from "#app/content-types/counter/type.ts";
import { faqType } from "#app/content-types/faq/type.ts";
import { projectType } from "#app/content-types/project/type.ts";
import { serviceType } from "#app/content-types/service/type.ts";
import { teamType } from "#app/content-types/team/type.ts";
import { fieldValues } from "#app/config/content-fields.ts";
import { deferrals, freshDb, sqliteDatabase } from "../db/testing/databases.ts";
import { until } from "../testing/instances.ts";
import { createContentService } from "./index.ts";
import { createContentConsole, nextNumber } from "./console.ts";

const defer = deferrals();

async function start() {
  const { db, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  let clock = Date.UTC(2026, 10, 27, 9);
  const now = () => clock;
  const types = [faqType, agencyType, teamType, serviceType, projectType];
  const content = await createContentService({ db, types, watchMs: 20, now, logger: () => {} });
  defer(() => content.close());
  const audited: string[] = [];
  const console = createContentConsole({
    store: content.store,
    types,
    now,
    refresh: content.refresh,
    published: (name) => content.port.published().items.get(name) ?? [],
    audit: async (actor, action, subject, detail) =>
      void audited.push(`${actor} ${action} ${subject} ${detail ?? ""}`.trim()),
  });
  const shown = () =>
    (content.port.published().items.get("faq") as { id: string; question: string }[]).map((f) => f.id);
  return { console, content, audited, shown, tick: (ms: number) => (clock += ms) };
}

const values = (item: object) => fieldValues(faqType.fields, item);
const newFaq = {
  id: "payment-plans",
  question: "Can we pay for a website in instalments?",
  answer: ["Yes: most of our clients pay in three parts, at the start, at the design and at launch."],
};

describe("the console's content", () => {
  it("says each problem of the form on its input, in a plain sentence, and keeps nothing", async () => {
    const { console } = await start();
    const result = await console.create("amina@techspark.ng", "faq", {
      values: values({ id: "Not A Key", question: "Pay later", answer: ["Too short.", ""] }),
      intent: "save",
      publishAt: null,
    });
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      errors: {
        id: "Lower-case letters, digits and dashes only.",
        question: 'End it with "?".',
        answer: "Paragraph 1: at least 20 characters.",
      },
    });
    expect(await console.list("faq")).toMatchObject({ items: { length: faqType.seed.length } });
    // "new" is the new item's page: taken, as another item's key would be.
    const named = { values: values({ ...newFaq, id: "new" }), intent: "save" as const, publishAt: null };
    expect(await console.create("amina@techspark.ng", "faq", named)).toEqual({ ok: false, reason: "taken" });
    expect(console.check("nothing", {})).toBeNull();
    expect(console.type("nothing")).toBeNull();
    expect(console.type("faq")).toMatchObject({ label: "Questions and answers", itemLabel: "question" });
  });

  it("says a counter's number problems in words: more than 0, a whole number, five characters with its suffix", () => {
    const console = createContentConsole({
      store: {} as never,
      types: [counterType],
      now: Date.now,
      refresh: async () => {},
      audit: async () => {},
    });
    const errors = (change: Record<string, string>) => {
      const checked = console.check("counter", {
        ...fieldValues(counterType.fields, counterType.seed[0]),
        ...change,
      });
      return checked && !checked.ok ? checked.errors : checked;
    };
    const tooWide = "The number and what follows it take five characters at most together (1200+, 15K+).";
    expect(errors({ end: "0" })).toEqual({ end: "More than 0." });
    expect(errors({ end: "-5" })).toEqual({ end: "More than 0." });
    expect(errors({ end: "2.5" })).toEqual({ end: "A whole number is needed." });
    expect(errors({ end: "" })).toEqual({ end: "A number is needed." });
    expect(errors({ end: "12000" })).toEqual({ end: tooWide });
    expect(errors({ end: "150", suffix: "K++" })).toEqual({ end: tooWide });
    expect(errors({ end: "15", suffix: "K+", icon: "unicorn" })).toEqual({
      icon: "Choose one of the options.",
    });
    expect(errors({ end: "1200" })).toMatchObject({ ok: true, item: { end: 1200, suffix: "+" } });
    // No suffix is one: "500".
    expect(errors({ suffix: "" })).toMatchObject({ ok: true, item: { end: 500, suffix: "" } });
  });

  it("makes an item last on its list as a draft, publishes it, and refuses a save on an older revision", async () => {
    const { console, audited, shown } = await start();
    const made = await console.create("amina@techspark.ng", "faq", {
      values: values(newFaq),
      intent: "save",
      publishAt: null,
    });
    expect(made).toEqual({ ok: true, key: "payment-plans", changed: true, state: "draft" });
    expect(shown()).not.toContain("payment-plans");
    const list = await console.list("faq");
    expect(list!.items.at(-1)).toMatchObject({
      key: "payment-plans",
      state: "draft",
      title: newFaq.question,
    });

    const published = await console.save(
      "bola@techspark.ng",
      "faq",
      "payment-plans",
      { values: values({ ...newFaq, id: "renamed" }), intent: "publish", publishAt: null },
      1,
    );
    // The key stays what it was made with, whatever the form sent.
    expect(published).toEqual({ ok: true, key: "payment-plans", changed: true, state: "published" });
    expect(shown().at(-1)).toBe("payment-plans");

    const stale = await console.save(
      "amina@techspark.ng",
      "faq",
      "payment-plans",
      { values: values({ ...newFaq, question: "Mine, not theirs?" }), intent: "save", publishAt: null },
      1,
    );
    expect(stale).toMatchObject({
      ok: false,
      reason: "conflict",
      current: { revision: 2, updatedBy: "bola@techspark.ng" },
    });
    expect(audited).toEqual([
      "amina@techspark.ng content.created faq/payment-plans draft",
      "bola@techspark.ng content.published faq/payment-plans published",
    ]);
    const found = await console.get("faq", "payment-plans");
    expect(found!.revisions.map((r) => [r.revision, r.action])).toEqual([
      [2, "published"],
      [1, "created"],
    ]);
    expect(await console.revision("faq", "payment-plans", 1)).toEqual(values(newFaq));
  });

  it("shows an item published for later at its time, with no change made meanwhile", async () => {
    const { console, shown, tick } = await start();
    const at = Date.UTC(2026, 10, 27, 9, 30);
    await console.create("amina@techspark.ng", "faq", {
      values: values(newFaq),
      intent: "publish",
      publishAt: at,
    });
    expect((await console.list("faq"))!.items.at(-1)!.state).toBe("scheduled");
    expect(shown()).not.toContain("payment-plans");
    tick(30 * 60_000);
    expect(await until(() => shown().includes("payment-plans"))).toBeLessThan(1000);
  });

  it("moves an item up and down its list, deletes it from the site, and erases one with its history", async () => {
    const { console, shown, audited } = await start();
    const [first, second] = faqType.seed;
    expect(await console.move("amina@techspark.ng", "faq", second!.id, "up")).toBe(true);
    expect(shown().slice(0, 2)).toEqual([second!.id, first!.id]);
    // At the top already: nothing to do, nothing audited.
    expect(await console.move("amina@techspark.ng", "faq", second!.id, "up")).toBe(true);
    expect(await console.move("amina@techspark.ng", "faq", "no-such", "down")).toBe(false);
    expect(await console.remove("amina@techspark.ng", "faq", first!.id)).toBe(true);
    expect(shown()).not.toContain(first!.id);
    // Erased: its history goes, and the audit log does not name it.
    expect(await console.remove("amina@techspark.ng", "faq", second!.id, true)).toBe(true);
    expect(shown()).not.toContain(second!.id);
    expect(await console.get("faq", second!.id)).toBeNull();
    expect(await console.revision("faq", second!.id, 1)).toBeNull();
    expect(audited).toEqual([
      `amina@techspark.ng content.moved faq/${second!.id} 2 → 1`,
      `amina@techspark.ng content.deleted faq/${first!.id}`,
      "amina@techspark.ng content.erased faq",
    ]);
  });

  it("puts an item at the place it was dragged to; a place off the list moves nothing", async () => {
    const { console, shown, audited } = await start();
    const ids = faqType.seed.map((f) => f.id);
    const last = ids.at(-1)!;
    expect(await console.move("amina@techspark.ng", "faq", last, 2)).toBe(true);
    expect(shown()).toEqual([ids[0], last, ...ids.slice(1, -1)]);
    expect(await console.move("amina@techspark.ng", "faq", ids[0]!, ids.length)).toBe(true);
    expect(shown()).toEqual([last, ...ids.slice(1, -1), ids[0]]);
    // Its own place, or none on the list: nothing moved, nothing audited.
    for (const where of [1, 0, ids.length + 1])
      expect(await console.move("amina@techspark.ng", "faq", last, where)).toBe(true);
    expect(shown()[0]).toBe(last);
    expect(audited).toEqual([
      `amina@techspark.ng content.moved faq/${last} ${ids.length} → 2`,
      `amina@techspark.ng content.moved faq/${ids[0]} 1 → ${ids.length}`,
    ]);
  });

  it("keeps the agency's details, a type of one item, always on the site: changed, never made, unpublished, moved or deleted", async () => {
    const { console, content, audited } = await start();
    const by = "amina@techspark.ng";
    const seed = agencyType.item.parse(agencyType.seed[0]);
    const form = (item: object) => fieldValues(agencyType.fields, item);
    const details = () => content.port.published().items.get("agency") as (typeof seed)[];
    expect((await console.list("agency"))?.type.single).toBe(true);
    // Its editor shows no short name: the preview takes the item's own key (it was refused).
    const { id: _id, ...shown } = form(seed);
    expect(console.check("agency", shown, "agency")).toEqual({ ok: true, item: seed });

    // No second item: not even under another key.
    expect(
      await console.create(by, "agency", {
        values: form({ ...seed, id: "other" }),
        intent: "publish",
        publishAt: null,
      }),
    ).toEqual({ ok: false, reason: "unknown" });
    // Not taken off the site, now or until a later time.
    for (const change of [
      { intent: "unpublish", publishAt: null },
      { intent: "publish", publishAt: Date.UTC(2026, 11, 1) },
    ] as const)
      expect(await console.save(by, "agency", "agency", { values: form(seed), ...change }, 1)).toEqual({
        ok: false,
        reason: "always-shown",
      });
    expect(await console.move(by, "agency", "agency", "down")).toBe(false);
    expect(await console.remove(by, "agency", "agency")).toBe(false);
    expect(await console.remove(by, "agency", "agency", true)).toBe(false);
    expect(details()).toEqual([seed]);
    expect(audited).toEqual([]);

    // Changed: a phone number with letters is refused in a sentence; a good one is shown at once.
    const bad = await console.save(
      by,
      "agency",
      "agency",
      { values: { ...form(seed), phones: "+234 803 CALL NOW" }, intent: "save", publishAt: null },
      1,
    );
    expect(bad).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { phones: expect.stringMatching(/^Line 1: digits/) },
    });
    // Links only to https addresses: a script or a plain-http link is refused, nothing saved.
    for (const [field, value] of [
      ["mapLink", "javascript:alert(1)"],
      ["mapLink", "http://maps.example.org/kubwa"],
      ["socials.0.href", "javascript:alert(1)"],
    ] as const)
      expect(
        await console.save(
          by,
          "agency",
          "agency",
          { values: { ...form(seed), [field]: value }, intent: "save", publishAt: null },
          1,
        ),
        `${field} ${value}`,
      ).toMatchObject({ ok: false, reason: "invalid", errors: { [field]: expect.any(String) } });
    const saved = await console.save(
      by,
      "agency",
      "agency",
      {
        values: { ...form(seed), phones: "+234 809 111 2233\n0700 832 7775" },
        intent: "save",
        publishAt: null,
      },
      1,
    );
    expect(saved).toMatchObject({ ok: true, changed: true, state: "published" });
    expect(details()[0]?.phones).toEqual(["+234 809 111 2233", "0700 832 7775"]);
    expect(audited).toEqual(["amina@techspark.ng content.saved agency/agency published"]);
  });

  it("takes a portrait that is one of the team's photos or an uploaded picture of the portrait frame, ready; any other is refused on the field", async () => {
    const { db, cleanup } = await freshDb(sqliteDatabase);
    defer(cleanup);
    const types = [teamType];
    const content = await createContentService({ db, types, logger: () => {} });
    defer(() => content.close());
    const entry = (width: number, height: number) => ({
      width,
      height,
      widths: [width],
      formats: ["avif", "webp"],
      fallback: `/media/x-${width}.jpg`,
    });
    const ready: Record<string, ReturnType<typeof entry>> = {
      "u/00000000000000a1": entry(640, 800),
      "u/00000000000000b2": entry(1280, 853),
    };
    const console = createContentConsole({
      store: content.store,
      types,
      now: Date.now,
      refresh: content.refresh,
      audit: async () => {},
      uploaded: {
        names: () => Object.keys(ready),
        entries: async (names) =>
          Object.fromEntries(names.filter((n) => ready[n]).map((n) => [n, ready[n]!])),
      },
    });
    // The editor offers the portrait-shaped upload alone.
    expect(await console.framedPictures("team")).toEqual(["u/00000000000000a1"]);
    expect(await console.framedPictures("faq")).toEqual([]);
    const stored = (await console.get("team", "3"))!.item;
    const save = (portrait: string, revision: number) =>
      console.save(
        "amina@techspark.ng",
        "team",
        "3",
        { values: { ...stored.values, portrait }, intent: "save", publishAt: null },
        revision,
      );
    for (const portrait of ["u/00000000000000b2", "u/00000000000000c3", "team-no-such-person", "../secret"])
      expect(await save(portrait, stored.revision), portrait).toMatchObject({
        ok: false,
        reason: "invalid",
        errors: { portrait: expect.any(String) },
      });
    expect(await save("u/00000000000000a1", stored.revision)).toMatchObject({ ok: true, changed: true });
    expect((await console.get("team", "3"))!.item.item).toMatchObject({ portrait: "u/00000000000000a1" });
    expect(await save(teamType.seed[0]!.portrait, stored.revision + 1)).toMatchObject({
      ok: true,
      changed: true,
    });
  });

  it("numbers a new member after the highest number the team has had, a deleted one's too; the form cannot change a number", async () => {
    const { console, content, audited } = await start();
    const by = "amina@techspark.ng";
    const [founder, second] = teamType.seed;
    const form = (item: object) => fieldValues(teamType.fields, item);
    const ids = () => (content.port.published().items.get("team") as { id: number }[]).map((m) => m.id);
    expect(teamType.fields.some((f) => f.kind === "key")).toBe(false);
    // The preview of a new member, before it has a number.
    expect(console.check("team", form({ ...founder, name: "Ada Obi" }))).toMatchObject({
      ok: true,
      item: { id: 1, name: "Ada Obi" },
    });
    const made = await console.create(by, "team", {
      values: form({ ...founder, name: "Ada Obi" }),
      intent: "publish",
      publishAt: null,
    });
    expect(made).toMatchObject({ ok: true, key: "7", state: "published" });
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Deleted, its number is not given again: /team-details/7 never names someone else.
    expect(await console.remove(by, "team", "7")).toBe(true);
    const next = await console.create(by, "team", {
      values: form({ ...second, name: "Bola Ade" }),
      intent: "publish",
      publishAt: null,
    });
    expect(next).toMatchObject({ ok: true, key: "8" });
    // A name another member has (one who left too): posts name their author by it.
    const twin = await console.create(by, "team", {
      values: form({ ...second, name: "bola ade" }),
      intent: "save",
      publishAt: null,
    });
    expect(twin).toMatchObject({ ok: false, reason: "invalid", errors: { name: expect.any(String) } });
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 8]);
    // An id posted with the form (a hand-made post) changes nothing: the number is the key.
    const saved = await console.save(
      by,
      "team",
      "2",
      { values: { ...form({ ...second, hidden: true }), id: "5" }, intent: "save", publishAt: null },
      1,
    );
    expect(saved).toMatchObject({ ok: true, changed: true });
    expect((await console.get("team", "2"))?.item.item).toMatchObject({ id: 2, hidden: true });
    expect((await console.get("team", "2"))?.item.title).toBe("Amina Bello (left: hidden)");
    expect(audited).toEqual([
      "amina@techspark.ng content.created team/7 published",
      "amina@techspark.ng content.deleted team/7",
      "amina@techspark.ng content.created team/8 published",
      "amina@techspark.ng content.saved team/2 published",
    ]);
    expect(nextNumber([])).toBe(1);
    expect(nextNumber(["3", "10", "x"])).toBe(11);
  });

  it("numbers a new service after the highest a service has had; refuses a FAQ of two questions, an unknown group or icon, hostile input, each on its input", async () => {
    const { console, content, audited } = await start();
    const by = "amina@techspark.ng";
    const [mobile] = serviceType.seed;
    const logo = serviceType.seed.find((s) => s.title === "Logo Design")!;
    const form = (item: object) => fieldValues(serviceType.fields, item);
    const ids = () => (content.port.published().items.get("service") as { id: number }[]).map((s) => s.id);
    const make = (values: Record<string, string>) =>
      console.create(by, "service", { values, intent: "publish", publishAt: null });
    expect(serviceType.fields.some((f) => f.kind === "key")).toBe(false);

    // Two questions, a third left empty: refused on the list of questions, nothing kept.
    const two = { ...form(mobile!), "details.faq.2.question": "", "details.faq.2.answer": "" };
    expect(await make(two)).toEqual({
      ok: false,
      reason: "invalid",
      errors: { "details.faq": "Exactly 3 questions." },
    });
    expect(await make({ ...form(mobile!), group: "cooking", icon: "skull" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { group: "Choose one of the options.", icon: "Choose one of the options." },
    });
    // Hostile input: a picture's name as a path, a covering service that is not a number, both a
    // page and a cover, far too long a title; each said in a sentence.
    const hostile = await make({
      ...form(mobile!),
      image: "../../etc/passwd",
      coveredBy: "1; DROP TABLE content_item",
      popular: "<script>",
    });
    expect(hostile).toMatchObject({ ok: false, reason: "invalid" });
    expect(Object.keys((hostile as { errors: object }).errors).sort()).toEqual(["coveredBy", "image"]);
    expect(await make({ ...form(logo), coveredBy: "" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { coveredBy: "Choose the service whose page covers it, or write its own page below." },
    });
    expect(await make({ ...form(logo), popular: "on" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { popular: "Only a service with its own page can be a popular one." },
    });
    expect(ids()).toEqual(serviceType.seed.map((s) => s.id));

    // A new service takes 25; deleted, 25 is not given again.
    const made = await make(form({ ...logo, title: "Icon Design" }));
    expect(made).toMatchObject({ ok: true, key: "25", state: "published" });
    expect(await console.remove(by, "service", "25")).toBe(true);
    const page = await make(form({ ...mobile!, title: "Smart TV Apps", popular: undefined }));
    expect(page).toMatchObject({ ok: true, key: "26" });
    expect(ids().slice(-1)).toEqual([26]);
    // A service given a page in the console may cover another's card at once; one taken off the
    // site may not (Covered by follows what is published).
    const covers = () => {
      const field = console.type("service")!.fields.find((f) => f.name === "coveredBy");
      return field?.kind === "choice" ? field.options.map((o) => o.value) : [];
    };
    expect(covers()).toContain("26");
    expect(covers()).not.toContain("25");
    expect(covers()[0]).toBe("");
    // An id posted with the form changes nothing: the number is the key.
    const saved = await console.save(
      by,
      "service",
      "3",
      {
        values: { ...form({ ...serviceType.seed[2]!, popular: true }), id: "9" },
        intent: "save",
        publishAt: null,
      },
      1,
    );
    expect(saved).toMatchObject({ ok: true, changed: true });
    expect((await console.get("service", "3"))?.item.item).toMatchObject({ id: 3, popular: true });
    expect((await console.get("service", "3"))?.item.title).toBe("Business Development (popular)");
    expect((await console.get("service", "12"))?.item.title).toBe(
      "Landing Pages (covered by another's page)",
    );
    expect(audited).toEqual([
      "amina@techspark.ng content.created service/25 published",
      "amina@techspark.ng content.deleted service/25",
      "amina@techspark.ng content.created service/26 published",
      "amina@techspark.ng content.saved service/3 published",
    ]);
  });

  it("numbers a new project after the highest number projects have had, a deleted one's too", async () => {
    const { console, content } = await start();
    const by = "amina@techspark.ng";
    const [first] = projectType.seed;
    const form = (item: object) => fieldValues(projectType.fields, item);
    const ids = () => (content.port.published().items.get("project") as { id: number }[]).map((p) => p.id);
    expect(projectType.fields.some((f) => f.kind === "key")).toBe(false);
    const made = await console.create(by, "project", {
      values: { ...form({ ...first, title: "Lagos Freight Tracker" }), id: "2" },
      intent: "publish",
      publishAt: null,
    });
    expect(made).toMatchObject({ ok: true, key: "7", state: "published" });
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await console.remove(by, "project", "7")).toBe(true);
    const next = await console.create(by, "project", {
      values: form({ ...first, title: "Jos Solar Co-operative" }),
      intent: "save",
      publishAt: null,
    });
    expect(next).toMatchObject({ ok: true, key: "8", state: "draft" });
    // A draft is not on the site.
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("sorts the projects by date, newest first (one date keeping its order), as staff ask; a type without dates refuses", async () => {
    const { console, content, audited } = await start();
    const by = "amina@techspark.ng";
    const form = (item: object) => fieldValues(projectType.fields, item);
    const keys = async () => (await console.list("project"))!.items.map((i) => i.key);
    const shown = () => (content.port.published().items.get("project") as { id: number }[]).map((p) => p.id);
    const [first, second] = projectType.seed;
    // A new one from 2026 comes last; one of 2024-11 (as HealthLine) is made too.
    await console.create(by, "project", {
      values: form({ ...first, title: "Lagos Freight Tracker", date: "2026-02" }),
      intent: "publish",
      publishAt: null,
    });
    await console.create(by, "project", {
      values: form({ ...second, title: "Wuse Pharmacy Finder" }),
      intent: "publish",
      publishAt: null,
    });
    // Dragged out of order first: the oldest (6) to the top.
    expect(await console.move(by, "project", "6", 1)).toBe(true);
    expect(await keys()).toEqual(["6", "1", "2", "3", "4", "5", "7", "8"]);
    expect((await console.list("project"))!.type.sortsByDate).toBe(true);
    expect(await console.sortByDate(by, "project")).toBe(true);
    expect(await keys()).toEqual(["7", "1", "2", "8", "3", "4", "5", "6"]);
    expect(shown()).toEqual([7, 1, 2, 8, 3, 4, 5, 6]);
    // Already in order: nothing written, nothing audited again.
    expect(await console.sortByDate(by, "project")).toBe(true);
    expect(audited.filter((a) => a.includes("sorted"))).toEqual([
      "amina@techspark.ng content.sorted project by date, newest first",
    ]);
    // Staff may still choose their own order after.
    expect(await console.move(by, "project", "3", "up")).toBe(true);
    expect(await keys()).toEqual(["7", "1", "2", "3", "8", "4", "5", "6"]);
    expect(await console.sortByDate(by, "faq")).toBe(false);
    expect(await console.sortByDate(by, "team")).toBe(false);
    expect(await console.sortByDate(by, "nothing")).toBe(false);
    expect((await console.list("faq"))!.type.sortsByDate).toBe(false);
  });

  it("refuses a project with a date that is not a month, a tag not of the five or twice, and says so on the input", async () => {
    const { console, content } = await start();
    const by = "amina@techspark.ng";
    const [first] = projectType.seed;
    const form = (item: object) => fieldValues(projectType.fields, item);
    const refused = async (values: Record<string, string>) => {
      const result = await console.create(by, "project", { values, intent: "publish", publishAt: null });
      expect(result.ok).toBe(false);
      return result.ok ? {} : "errors" in result ? result.errors : {};
    };
    expect(await refused({ ...form(first!), date: "March 2025" })).toEqual({
      date: "A month, as YYYY-MM (2025-03).",
    });
    expect(await refused({ ...form(first!), date: "2025-13" })).toEqual({
      date: "A month, as YYYY-MM (2025-03).",
    });
    expect(await refused({ ...form(first!), "tags.0.tag": "Gardening" })).toEqual({
      "tags.0.tag": "Choose one of the options.",
    });
    expect(await refused({ ...form(first!), "tags.1.tag": "Development" })).toEqual({
      tags: "Each tag once.",
    });
    expect(await refused({ ...form(first!), "tags.0.tag": "", "tags.1.tag": "" })).toEqual({
      tags: "At least 1 tags.",
    });
    expect(await refused({ ...form(first!), thumb: "../../etc/passwd" })).toMatchObject({
      thumb: expect.any(String),
    });
    expect(await refused({ ...form(first!), challenge: "" })).toMatchObject({
      challenge: expect.any(String),
    });
    expect((await console.list("project"))!.items).toHaveLength(6);
    expect(content.port.published().items.get("project")).toHaveLength(6);
  });
});
