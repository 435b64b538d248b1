/**
 * npm run bench: every benchmark suite, each in its own process (a clean heap and stack), in turn.
 * BENCH_SUITES=list,contracts chooses (default: all). Figures go to bench/results/.
 *   list       the list engine at 100,000 and 500,000 rows (run.ts)
 *   contracts  Contracts Search at 100,000 amendments and the 100,000-row download (contracts.ts)
 *   accounts   Accounts Search at 500,000 accounts and the Export To P2C report (accounts.ts)
 *   uploads    the uploader's parse of a 50,000-row workbook and its Save All (uploads.ts)
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const SUITES: Record<string, string> = { list: 'run.ts', contracts: 'contracts.ts', accounts: 'accounts.ts', uploads: 'uploads.ts' };
const chosen = (process.env.BENCH_SUITES ?? Object.keys(SUITES).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
let failed = 0;
for (const suite of chosen) {
  const file = SUITES[suite];
  if (!file) {
    console.error(`unknown suite ${suite}: one of ${Object.keys(SUITES).join(', ')}`);
    failed++;
    continue;
  }
  console.log(`\n▶ bench: ${suite}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
