import { createReadStream, existsSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { matchRoute, pathExists, type Resource } from '@eb/shared/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { httpApiEvent, lambdaContext } from './events';

type ApiHandler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The Lambda of each resource, loaded on first use like a cold start. */
const handlers = new Map<Resource, Promise<ApiHandler>>();
export function loadHandler(resource: Resource): Promise<ApiHandler> {
  let h = handlers.get(resource);
  if (!h) {
    h = import(`../../functions/src/${resource}/handler.ts`).then((m) => m.handler as ApiHandler);
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

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
  const route = matchRoute(req.method ?? 'GET', url.pathname);
  if (!route) {
    // API Gateway answers unknown routes itself
    return sendJson(res, pathExists(url.pathname) ? 405 : 404, { message: pathExists(url.pathname) ? 'Method not allowed' : 'Not Found' });
  }
  const body = await readBody(req);
  if (body === 'too-large') return sendJson(res, 413, { message: 'The request is too large' });
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
    return sendJson(res, 500, { message: 'Internal Server Error' });
  }
  const outHeaders: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) outHeaders[k] = String(v);
  if (result.cookies?.length) outHeaders['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, outHeaders);
  res.end(result.body ? (result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body) : undefined);
}

function serveStatic(res: ServerResponse, url: URL, webDist: string) {
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
  res.writeHead(200, {
    ...PAGE_HEADERS,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(res);
}

export function createGateway(webDist: string): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    if (p === '/api' || p.startsWith('/api/')) {
      handleApi(req, res, url).catch((e) => {
        console.error('[gateway]', e);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      });
    } else {
      serveStatic(res, url, webDist);
    }
  });
}
