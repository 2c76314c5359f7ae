// How long the worker takes to render one e-mail in the design (server/mail/design.ts): a
// newsletter issue to one subscriber (the e-mail sent by the thousand), 100 times after a
// warm-up; the median and the 95th percentile. Also every kind once per run, per e-mail.
//
//   node scripts/bench-mail-render.ts
import { performance } from "node:perf_hooks";
import { newsletterIssue } from "../server/newsletter/issues.ts";
import { REALISTIC, renderSamples, sampleContext, SAMPLE_NAMES } from "../server/testing/mail-samples.ts";

const RUNS = 100;
const context = sampleContext();
const record = {
  issue: { id: "issue-1", subject: REALISTIC.title, body: REALISTIC.markdown, post: null },
  email: "subscriber@example.com",
  subscriberId: "s-1",
};

async function timed(label: string, run: () => Promise<unknown>, per = 1) {
  for (let i = 0; i < 20; i++) await run(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    ms.push((performance.now() - t0) / per);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
  console.log(`${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms (${RUNS} runs)`);
}

await timed("A newsletter issue to one subscriber", () => newsletterIssue.render(record, context));
await timed(
  `Every kind (${SAMPLE_NAMES.length}), per e-mail`,
  () => renderSamples(REALISTIC, context),
  SAMPLE_NAMES.length,
);
