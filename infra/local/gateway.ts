import { existsSync, readFileSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { codeName, matchRoute, pathExists, type Resource } from '@eb/shared/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { json } from '../../functions/src/lib/http';
import { httpApiEvent, lambdaContext } from './events';
import { createS3Proxy, type S3ProxyOptions } from './s3-proxy';

type ApiHandler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The Lambda of each resource, loaded on first use like a cold start. */
const handlers = new Map<Resource, Promise<ApiHandler>>();
export function loadHandler(resource: Resource): Promise<ApiHandler> {
  let h = handlers.get(resource);
  if (!h) {
    h = import(`../../functions/src/${codeName(resource)}/handler.ts`).then((m) => m.handler as ApiHandler);
    handlers.set(resource, h);
  }
  return h;
}

/** Security headers CloudFront's response headers policy adds in AWS. */
const PAGE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.json': 'application/json',
  '.map': 'application/json',
};

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit

/**
 * Compression as CloudFront's cache policy does it (EnableAcceptEncodingGzip/Brotli): text types
 * (HTML, CSS, JavaScript, JSON, SVG, plain text) between 1,000 bytes and 10 MB, Brotli when the
 * browser accepts it, else gzip; `vary: accept-encoding` on every compressible type.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/i;
const MIN_COMPRESS = 1000;
const MAX_COMPRESS = 10_000_000;

export type ContentEncoding = 'br' | 'gzip';

/** The encoding CloudFront would choose for this Accept-Encoding header (br before gzip), or null. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function encode(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/** Static files compressed once per encoding (keyed by path and modification time). */
const compressedFiles = new Map<string, Buffer>();

/** Writes the response, compressed when its type and size allow and the browser accepts it. */
function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | undefined, cacheKey?: string) {
  const type = String(headers['content-type'] ?? '');
  const compressible = COMPRESSIBLE.test(type) && !headers['content-encoding'];
  const out: OutgoingHttpHeaders = { ...headers };
  if (compressible) out.vary = headers.vary ? `${String(headers.vary)}, accept-encoding` : 'accept-encoding';
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!body || !compressible || !encoding || body.length < MIN_COMPRESS || body.length > MAX_COMPRESS) {
    if (body) out['content-length'] = body.length;
    res.writeHead(status, out);
    return res.end(body);
  }
  const key = cacheKey && `${encoding}:${cacheKey}`;
  let encoded = key ? compressedFiles.get(key) : undefined;
  if (!encoded) {
    encoded = encode(body, encoding);
    if (key) compressedFiles.set(key, encoded);
  }
  out['content-encoding'] = encoding;
  out['content-length'] = encoded.length;
  res.writeHead(status, out);
  res.end(encoded);
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) return 'too-large';
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The gateway's own answers (404, 405, 413, 5xx) with the API's headers (functions/src/lib/http.ts). */
function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  const answer = json(status, body);
  const headers: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(answer.headers ?? {})) headers[k.toLowerCase()] = String(v);
  sendBody(req, res, status, headers, Buffer.from(answer.body ?? ''));
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
  const route = matchRoute(req.method ?? 'GET', url.pathname);
  if (!route) {
    // API Gateway answers unknown routes itself
    return sendJson(req, res, pathExists(url.pathname) ? 405 : 404, { message: pathExists(url.pathname) ? 'Method not allowed' : 'Not Found' });
  }
  const body = await readBody(req);
  if (body === 'too-large') return sendJson(req, res, 413, { message: 'The request is too large' });
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  headers['x-forwarded-proto'] = 'http';
  const isText = !/multipart\/form-data|octet-stream/i.test(headers['content-type'] ?? '');
  const event = httpApiEvent({
    method: req.method ?? 'GET',
    path: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
  });
  if (!isText && body.length) event.isBase64Encoded = true;
  let result: APIGatewayProxyStructuredResultV2;
  try {
    const handler = await loadHandler(route.resource);
    result = await handler(event, lambdaContext(route.resource));
  } catch (e) {
    console.error('[gateway] handler crashed', e);
    return sendJson(req, res, 500, { message: 'Internal Server Error' });
  }
  const outHeaders: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) outHeaders[k.toLowerCase()] = String(v);
  if (result.cookies?.length) outHeaders['set-cookie'] = result.cookies;
  const out = result.body ? (result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body)) : undefined;
  sendBody(req, res, result.statusCode ?? 200, outHeaders, out);
}

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, webDist: string) {
  const rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  let file = path.resolve(webDist, rel);
  if (!file.startsWith(path.resolve(webDist)) || !existsSync(file) || statSync(file).isDirectory()) {
    file = path.join(webDist, 'index.html'); // SPA fallback
  }
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    return res.end('The web app is not built. Run: npm run build');
  }
  const ext = path.extname(file);
  const immutable = url.pathname.startsWith('/assets/');
  const headers = {
    ...PAGE_HEADERS,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  sendBody(req, res, 200, headers, readFileSync(file), `${file}:${statSync(file).mtimeMs}`);
}

/** Where browsers reach S3 locally: same-origin, so that the app's CSP (connect-src 'self') holds. */
export const S3_PROXY_PATH = '/__s3';

/**
 * The gateway: the API, the web app, and (with `s3`) the local stand-in for the S3 endpoint browsers
 * talk to (presigned POST forms, presigned GET links), /__s3/{bucket}/{key}?{query}, which lets
 * through only what S3 would (./s3-proxy.ts).
 */
export function createGateway(webDist: string, options: { s3?: S3ProxyOptions } = {}): http.Server {
  const s3 = options.s3 && createS3Proxy(options.s3);
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    if (s3 && (p === S3_PROXY_PATH || p.startsWith(`${S3_PROXY_PATH}/`))) {
      // the path as sent (still encoded): a presigned link is signed over it
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const rawPath = (q < 0 ? raw : raw.slice(0, q)).slice(S3_PROXY_PATH.length) || '/';
      s3(req, res, rawPath, q < 0 ? '' : raw.slice(q + 1)).catch((e) => {
        console.error('[gateway] s3 proxy', e);
        if (!res.headersSent) sendJson(req, res, 500, { message: 'Internal Server Error' });
        else res.destroy();
      });
    } else if (p === '/api' || p.startsWith('/api/')) {
      handleApi(req, res, url).catch((e) => {
        console.error('[gateway]', e);
        if (!res.headersSent) sendJson(req, res, 500, { message: 'Internal Server Error' });
      });
    } else {
      serveStatic(req, res, url, webDist);
    }
  });
}
