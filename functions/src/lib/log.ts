/**
 * Structured JSON logs. Keys that may hold secrets are redacted at any depth, and token-like strings
 * are masked, so no password, token or cookie ever reaches the logs.
 *
 * Correlation: code that runs for one request or one job wraps its work in
 * `withLogContext({ requestId }, ...)` / `withLogContext({ jobId }, ...)`, and every line written
 * inside it (across awaits) carries those ids, so the saved Logs Insights queries of the monitoring
 * stack (follow one request, follow one job) find them all. A line's own fields win over the context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `fn` with `fields` added to every log line (and EMF metric line) it writes; nests. */
export function withLogContext<T>(fields: Record<string, unknown>, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/** The correlation fields of the current request or job (empty outside one). */
export const logContext = (): Record<string, unknown> => context.getStore() ?? {};
const SECRET_KEY = /pass(word)?|token|secret|cookie|authorization|^key$|code/i;
const JWT_LIKE = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[depth]';
  if (typeof value === 'string') return value.replace(JWT_LIKE, '[jwt]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const minLevel = (): number => ORDER[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? 20;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < minLevel()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...(redact({ ...logContext(), ...fields }) as object) });
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write('debug', msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write('info', msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write('warn', msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write('error', msg, f),
};
