/**
 * The uploads benchmark's parse job in a process of its own, as a worker container runs it: the
 * local stack's endpoints come from the environment (the parent holds the emulators), so the
 * resident memory measured here is the parse's alone. Prints one JSON line: time, peak RSS and heap.
 */
import { runJobThroughWorker } from './support';

async function main() {
  const jobId = process.argv[2]!;
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const startRss = peakRss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 25);
  const t0 = process.hrtime.bigint();
  const job = await runJobThroughWorker(jobId);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  clearInterval(sampler);
  console.log(JSON.stringify({ ms, startRss, peakRss, peakHeap, result: job.result }));
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
