import { describe, expect, it } from 'vitest';
import { ROUTES, routePath, type RouteDef } from '@eb/shared/routes';
import { signedInBeforeAll } from '../support/users';

/** Deterministic PRNG (mulberry32): the same inputs on every run. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = ['', ' ', 'a'.repeat(5000), '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '\u0000', '😀', '{{7*7}}', '__proto__', 'NaN', '-1', '1e309'];

function randomValue(r: () => number, depth = 0): unknown {
  const k = Math.floor(r() * (depth > 2 ? 6 : 9));
  switch (k) {
    case 0: return NASTY[Math.floor(r() * NASTY.length)];
    case 1: return Math.floor(r() * 2 ** 40) * (r() < 0.5 ? -1 : 1);
    case 2: return r() < 0.5;
    case 3: return null;
    case 4: return r() * 1e6;
    case 5: return `user${Math.floor(r() * 1000)}@example.com`;
    case 6: return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < Math.floor(r() * 4); i++) o[['email', 'password', 'id', 'objectId', 'key', 'newPassword', 'userName', '__proto__', 'constructor'][Math.floor(r() * 9)]!] = randomValue(r, depth + 1);
      return o;
    }
  }
}

/** Every route gets random and hostile bodies and queries: never a 5xx, never a stack trace. */
describe('fuzzed inputs', () => {
  const [admin] = signedInBeforeAll('superAdmin');

  for (const route of ROUTES as readonly RouteDef[]) {
    if (route.action === 'Logout') continue; // would end the fuzzing session; covered by the matrix
    it(`${route.method} ${routePath(route)} never answers 5xx`, async () => {
      const r = rng(routePath(route).length * 7919);
      for (let i = 0; i < 25; i++) {
        const body = i === 0 ? '{"unterminated' : randomValue(r);
        const query = Object.fromEntries(
          Array.from({ length: Math.floor(r() * 3) }, () => [['id', 'limit', 'skip', 'x'][Math.floor(r() * 4)]!, String(randomValue(r, 3))]),
        );
        const res = await admin.call({ method: route.method, path: routePath(route), body: route.method === 'GET' ? undefined : body, query });
        expect(res.status, `${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
        // an AWS error's name ('ConditionalCheckFailedException'), a stack frame or a stack; the spec's own words ('withExceptions', 'uploadExceptions') are data
        expect(JSON.stringify(res.body ?? '')).not.toMatch(/at .*\.ts:\d+|[A-Z][A-Za-z]*Exception\b|\bstack\b/);
      }
    });
  }
});
