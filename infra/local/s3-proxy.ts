import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';

/**
 * The local stand-in for the S3 endpoint browsers talk to (docs/security.md "The local S3 path"):
 * /__s3/{bucket}/{key}?{query} reaches the S3 emulator only when S3 itself would let it through for
 * what the product uses:
 *  - GET/HEAD of an object with a presigned query (SigV4 recomputed with the local credentials,
 *    for the emulator's host the link was signed for; expiry checked);
 *  - POST of a presigned form to a bucket (policy signature, expiration, bucket, exact key or
 *    starts-with, content-length-range, every other field covered by a condition), once per form.
 * Everything else (listing, delete, anonymous or unsigned requests) is refused with S3's 403 XML.
 * What it serves is an attachment, never sniffed, in a sandbox (no script runs on this origin).
 */
export interface S3ProxyOptions {
  /** the emulator's endpoint (the host presigned links are signed for) */
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** the clock (tests) */
  now?: () => number;
}

/** The headers on everything the proxy answers. */
export const S3_SERVED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'no-store',
} as const;

/** S3's largest form here: the 30 MB file and its fields. */
const MAX_FORM_BYTES = 31 * 1024 * 1024;
/** S3 refuses presigned links valid for more than 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'AWS4-HMAC-SHA256';
/** The query parameters a presigned GetObject carries (all of them signed). */
const GET_PARAMS = /^(x-amz-[a-z0-9-]+|response-[a-z-]+|x-id)$/i;

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  res.writeHead(status, { ...S3_SERVED_HEADERS, 'content-type': 'application/xml', 'content-length': body.length });
  res.end(body);
}
const denied = (res: ServerResponse, message = 'Access Denied') => s3Error(res, 403, 'AccessDenied', message);

/** SigV4's URI encoding (RFC 3986 unreserved characters kept). */
const escapeUri = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `20261126T184632Z` as epoch milliseconds, or NaN. */
function amzDateMs(s: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? '');
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

/** A credential scope `{accessKey}/{yyyymmdd}/{region}/s3/aws4_request` of the local key pair, or null. */
function credentialDate(credential: string | undefined, amzDate: string, o: S3ProxyOptions): string | null {
  const [key, date, region, service, terminal, ...rest] = (credential ?? '').split('/');
  if (rest.length || key !== o.credentials.accessKeyId || region !== o.region || service !== 's3' || terminal !== 'aws4_request') return null;
  return date && /^\d{8}$/.test(date) && amzDate.startsWith(date) ? date : null;
}

/** `/{bucket}/{key}` of a raw (still encoded) path: the bucket and whether a key follows. */
function splitPath(rawPath: string): { bucket: string; key: string } {
  const [, bucket = '', ...rest] = rawPath.split('/');
  // (a bucket name is plain: anything escaped in it is no bucket of ours)
  return { bucket: /^[a-z0-9.-]+$/.test(bucket) ? bucket : '', key: rest.join('/') };
}

/** The SigV4 check of a presigned GET/HEAD; null when it holds, else the reason. */
export function checkPresignedGet(method: string, rawPath: string, rawQuery: string, headers: IncomingMessage['headers'], o: S3ProxyOptions): string | null {
  const params = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(rawQuery)) {
    if (params.has(k) || !GET_PARAMS.test(k)) return 'Access Denied';
    params.set(k, v);
  }
  const signature = params.get('X-Amz-Signature');
  const amzDate = params.get('X-Amz-Date') ?? '';
  const expires = Number(params.get('X-Amz-Expires'));
  const signedHeaders = params.get('X-Amz-SignedHeaders') ?? '';
  if (params.get('X-Amz-Algorithm') !== ALGORITHM || !signature || !signedHeaders) return 'Access Denied';
  const date = credentialDate(params.get('X-Amz-Credential'), amzDate, o);
  const signedAt = amzDateMs(amzDate);
  if (!date || Number.isNaN(signedAt) || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return 'Access Denied';
  const now = (o.now ?? Date.now)();
  if (now > signedAt + expires * 1000) return 'Request has expired';
  if (signedAt > now + 15 * 60 * 1000) return 'Request is not valid yet';
  const upstreamHost = new URL(o.endpoint).host;
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'Access Denied';
  const canonicalHeaders = names
    .map((n) => `${n}:${n === 'host' ? upstreamHost : String(headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalQuery = [...params]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [escapeUri(k), escapeUri(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${o.region}/s3/aws4_request`;
  const toSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  const expected = createHmac('sha256', signingKey(o.credentials.secretAccessKey, date, o.region)).update(toSign, 'utf8').digest('hex');
  return sameHex(signature.toLowerCase(), expected) ? null : 'The request signature we calculated does not match the signature you provided.';
}

export interface FormPart {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
}

/** The parts of a multipart/form-data body (the whole body in memory: at most MAX_FORM_BYTES). */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    at += 2; // CRLF
    const headerEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), at);
    if (headerEnd < 0 || next < 0 || headerEnd > next) return null;
    const head = body.subarray(at, headerEnd).toString('utf8');
    const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /^content-type:\s*(.*)$/im.exec(head)?.[1]?.trim();
    parts.push({ name, ...(fileName !== undefined ? { fileName } : {}), ...(type ? { contentType: type } : {}), data: body.subarray(headerEnd + 4, next) });
    at = next + 2;
  }
}

/** A form field name as S3 compares it: x-amz-*, policy, key, Content-Type and the rest case-insensitively. */
const fieldName = (n: string) => n.toLowerCase();

/**
 * The policy check of a presigned POST (S3's rules for what the product's forms use); null when it
 * holds, else the reason. `fields` are the form fields before the file, `size` the file's.
 */
export function checkPostPolicy(bucket: string, fields: Map<string, string>, size: number, o: S3ProxyOptions): string | null {
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const amzDate = fields.get('x-amz-date') ?? '';
  if (!policy || !signature || fields.get('x-amz-algorithm') !== ALGORITHM || !fields.has('key')) return 'Access Denied';
  const date = credentialDate(fields.get('x-amz-credential'), amzDate, o);
  if (!date) return 'Access Denied';
  const expected = createHmac('sha256', signingKey(o.credentials.secretAccessKey, date, o.region)).update(policy, 'utf8').digest('hex');
  if (!sameHex(signature.toLowerCase(), expected)) return 'The request signature we calculated does not match the signature you provided.';
  let doc: { expiration?: string; conditions?: unknown[] };
  try {
    doc = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return 'Invalid Policy: Invalid JSON.';
  }
  const expiration = Date.parse(doc.expiration ?? '');
  if (Number.isNaN(expiration) || (o.now ?? Date.now)() > expiration) return 'Invalid according to Policy: Policy expired.';
  const values = new Map(fields);
  values.set('bucket', bucket);
  const covered = new Set<string>(['bucket']);
  let sized = false;
  for (const c of doc.conditions ?? []) {
    let op: string;
    let name: string;
    let expectedValue: unknown;
    if (Array.isArray(c)) {
      if (c[0] === 'content-length-range') {
        const [min, max] = [Number(c[1]), Number(c[2])];
        if (!(size >= min && size <= max)) return 'Your proposed upload exceeds the maximum allowed size';
        sized = true;
        continue;
      }
      [op, name, expectedValue] = [String(c[0]).toLowerCase(), String(c[1] ?? ''), c[2]];
      if (!name.startsWith('$')) return 'Invalid Policy: Invalid Condition.';
      name = name.slice(1);
    } else if (c && typeof c === 'object' && Object.keys(c).length === 1) {
      [[name, expectedValue]] = Object.entries(c) as [[string, unknown]];
      op = 'eq';
    } else {
      return 'Invalid Policy: Invalid Condition.';
    }
    const key = fieldName(name);
    const value = values.get(key);
    covered.add(key);
    const ok = op === 'eq' ? value === String(expectedValue) : op === 'starts-with' ? value !== undefined && value.startsWith(String(expectedValue)) : false;
    if (!ok) return `Invalid according to Policy: Policy Condition failed: ["${op}", "$${name}", "${String(expectedValue)}"]`;
  }
  if (!sized) return 'Invalid according to Policy: content-length-range missing.';
  if (!covered.has('key')) return 'Invalid according to Policy: Extra input fields: key';
  for (const name of fields.keys()) {
    if (name === 'policy' || name === 'x-amz-signature' || name.startsWith('x-ignore-') || covered.has(name)) continue;
    return `Invalid according to Policy: Extra input fields: ${name}`;
  }
  return null;
}

async function readAll(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) return null;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The served object's headers: what the emulator answered, as an attachment in a sandbox. */
function servedHeaders(upstream: IncomingMessage['headers']): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = { ...upstream };
  const disposition = String(upstream['content-disposition'] ?? '');
  out['content-disposition'] = /^attachment\b/i.test(disposition) ? disposition : 'attachment';
  return { ...out, ...S3_SERVED_HEADERS };
}

/** The proxy: `rawPath` is `/{bucket}/{key}` as the browser sent it (still encoded), `rawQuery` without `?`. */
export function createS3Proxy(o: S3ProxyOptions) {
  /** the forms already used (by policy signature), until they expire */
  const usedForms = new Map<string, number>();

  const forward = (req: IncomingMessage, res: ServerResponse, target: string, body?: Buffer) => {
    const headers: OutgoingHttpHeaders = { ...req.headers, host: new URL(o.endpoint).host };
    delete headers.cookie;
    if (body) headers['content-length'] = body.length;
    return new Promise<number>((resolve) => {
      const upstream = http.request(new URL(target, o.endpoint), { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, servedHeaders(answer.headers));
        answer.pipe(res);
        resolve(answer.statusCode ?? 502);
      });
      upstream.on('error', () => {
        if (!res.headersSent) s3Error(res, 502, 'BadGateway', 'The S3 emulator did not answer');
        else res.destroy();
        resolve(502);
      });
      if (body) upstream.end(body);
      else req.pipe(upstream);
    });
  };

  async function post(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string) {
    const { bucket, key } = splitPath(rawPath);
    // a form posts to its bucket; `?delete`, `?uploads` and the rest are not forms
    if (!bucket || key || rawQuery) return denied(res);
    const type = String(req.headers['content-type'] ?? '');
    if (!/^multipart\/form-data/i.test(type)) return denied(res);
    const body = await readAll(req, MAX_FORM_BYTES);
    if (!body) return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    const parts = parseMultipart(body, type);
    const file = parts?.find((p) => p.name.toLowerCase() === 'file');
    if (!parts || !file) return s3Error(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    // S3 reads the fields before the file; a field named twice is refused
    const fields = new Map<string, string>();
    for (const p of parts.slice(0, parts.indexOf(file))) {
      const name = fieldName(p.name);
      if (fields.has(name)) return s3Error(res, 400, 'InvalidArgument', `Field ${p.name} appears more than once`);
      fields.set(name, p.data.toString('utf8'));
    }
    const refused = checkPostPolicy(bucket, fields, file.data.length, o);
    if (refused) return refused.includes('exceeds the maximum') ? s3Error(res, 400, 'EntityTooLarge', refused) : denied(res, refused);
    const now = (o.now ?? Date.now)();
    for (const [sig, until] of usedForms) if (until < now) usedForms.delete(sig);
    const signature = fields.get('x-amz-signature')!.toLowerCase();
    if (usedForms.has(signature)) return denied(res, 'Invalid according to Policy: the form was used already.');
    const policy = JSON.parse(Buffer.from(fields.get('policy')!, 'base64').toString('utf8')) as { expiration: string };
    usedForms.set(signature, Date.parse(policy.expiration));
    const status = await forward(req, res, `/${encodeURIComponent(bucket)}`, body);
    if (status >= 300) usedForms.delete(signature);
  }

  return async function proxy(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string): Promise<void> {
    const method = req.method ?? '';
    if (method === 'POST') return post(req, res, rawPath, rawQuery);
    if (method !== 'GET' && method !== 'HEAD') return denied(res);
    const { bucket, key } = splitPath(rawPath);
    // an object only: a bucket (a listing) or the service is never served
    if (!bucket || !key) return denied(res);
    const refused = checkPresignedGet(method, rawPath, rawQuery, req.headers, o);
    if (refused) return denied(res, refused);
    await forward(req, res, `${rawPath}${rawQuery ? `?${rawQuery}` : ''}`);
  };
}
