import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, createGateway } from '../local/gateway';

let dist: string;
let server: http.Server;
let base: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"row ${i}"}`).join(',')}];\n`;

beforeAll(async () => {
  // Prepare: a built web app with a large script, a tiny stylesheet and an image
  dist = mkdtempSync(path.join(tmpdir(), 'eb-gateway-'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>t</title>${'<p>page</p>'.repeat(200)}`);
  writeFileSync(path.join(dist, 'app.js'), script);
  writeFileSync(path.join(dist, 'tiny.css'), 'a{color:red}');
  writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(5000, 7));
  server = createGateway(dist);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress for us). */
function get(pathname: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('local gateway: compression as CloudFront does it', () => {
  it('answers a script with Brotli when the browser accepts it', async () => {
    // Act
    const { headers, body } = await get('/app.js', 'gzip, deflate, br, zstd');
    // Assess
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toContain('accept-encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('answers gzip to a browser that accepts only gzip (the SPA fallback page too)', async () => {
    // Act
    const js = await get('/app.js', 'gzip');
    const page = await get('/some/deep/link', 'gzip');
    // Assess
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.body).toString()).toBe(script);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<p>page</p>');
  });

  it('sends identity when nothing is accepted, for files under 1,000 bytes and for images', async () => {
    // Act
    const plain = await get('/app.js');
    const refused = await get('/app.js', 'br;q=0, gzip;q=0');
    const tiny = await get('/tiny.css', 'br, gzip');
    const image = await get('/logo.png', 'br, gzip');
    // Assess
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a{color:red}');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(5000);
  });

  it('chooses br before gzip and honours q=0', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
