import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { UploadForm } from '@eb/shared/upload/schemas';
import { s3Client } from '../../functions/src/lib/aws';
import { config } from '../../functions/src/lib/config';
import { presignedDownload, UPLOAD_CONTENT_TYPE } from '../../functions/src/lib/files';
import { ok } from '../support/records';
import { signedInBeforeAll } from '../support/users';

/**
 * The local S3 path (/__s3) of the gateway, attacked over HTTP (issue 26 item 1): it lets through
 * only what S3 would for what the product uses (a presigned GET of an object, a presigned POST form
 * within its policy, once), refuses the rest with S3's 403, and serves objects as sandboxed
 * attachments. The gateway's own answers carry the API's headers; it listens on 127.0.0.1 only.
 */
const base = inject('stack').url;
const proxied = (signedUrl: string) => {
  const u = new URL(signedUrl);
  return `${base}/__s3${u.pathname}${u.search}`;
};
const objectKey = () => `jobs/${randomUUID()}/export-to-p2c.xlsx`;
const REPORT = Buffer.from('PK\x03\x04 customer and commission data');

async function put(bucket: string, key: string, body: Buffer, contentType = 'application/octet-stream') {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}
async function exists(bucket: string, key: string): Promise<boolean> {
  return s3Client()
    .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    .then(() => true, () => false);
}
/** A presigned GET as the product makes it, signed at `signedAt`. */
const signedGet = (bucket: string, key: string, seconds = 60, signedAt = new Date()) =>
  getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: seconds, signingDate: signedAt });

/** POST a form as a browser does (its fields, then the file). */
async function postForm(url: string, fields: Record<string, string>, content: Buffer, fileName = 'file.bin') {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([content]), fileName);
  const r = await fetch(new URL(url, base), { method: 'POST', body: data });
  return { status: r.status, text: await r.text() };
}
/** A form of the product's kind (local credentials) with its own size range and expiry. */
async function form(bucket: string, key: string, maxBytes: number, seconds: number) {
  const f = await createPresignedPost(s3Client(), {
    Bucket: bucket,
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes]],
    Fields: { 'Content-Type': UPLOAD_CONTENT_TYPE },
    Expires: seconds,
  });
  return { url: `/__s3/${bucket}`, fields: f.fields };
}

const expectDenied = (r: { status: number; text: string }) => {
  expect(r.status).toBe(403);
  expect(r.text).toContain('<Code>AccessDenied</Code>');
};

const [admin] = signedInBeforeAll('superAdmin');

describe('the local S3 path', () => {
  it('serves an object to its presigned link, as an attachment in a sandbox', async () => {
    const key = objectKey();
    await put(config.exportsBucket, key, REPORT);
    const link = await presignedDownload({ bucket: config.exportsBucket, key, fileName: 'export-to-p2c.xlsx', contentType: 'application/octet-stream', seconds: 60 });
    const r = await fetch(new URL(link, base));
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer())).toEqual(REPORT);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="export-to-p2c.xlsx"/);
  });

  it('refuses a GET without a signature', async () => {
    const key = objectKey();
    await put(config.exportsBucket, key, REPORT);
    const r = await fetch(`${base}/__s3/${config.exportsBucket}/${key}`);
    const text = await r.text();
    expectDenied({ status: r.status, text });
    expect(text).not.toContain('commission');
  });

  it('refuses a GET whose signature was tampered with', async () => {
    const key = objectKey();
    await put(config.exportsBucket, key, REPORT);
    const url = new URL(proxied(await signedGet(config.exportsBucket, key)));
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const r = await fetch(url);
    expectDenied({ status: r.status, text: await r.text() });
  });

  it('refuses a GET signed for another object', async () => {
    const [key, other] = [objectKey(), objectKey()];
    await Promise.all([put(config.exportsBucket, key, REPORT), put(config.exportsBucket, other, REPORT)]);
    const url = new URL(proxied(await signedGet(config.exportsBucket, key)));
    url.pathname = url.pathname.replace(key, other);
    const r = await fetch(url);
    expectDenied({ status: r.status, text: await r.text() });
  });

  it('refuses a GET after its link expired, and one whose expiry was extended', async () => {
    const key = objectKey();
    await put(config.exportsBucket, key, REPORT);
    // signed 2 minutes ago for 60 seconds
    const expired = new URL(proxied(await signedGet(config.exportsBucket, key, 60, new Date(Date.now() - 120_000))));
    const r = await fetch(expired);
    const text = await r.text();
    expectDenied({ status: r.status, text });
    expect(text).toContain('expired');
    // the same link made to last a day
    expired.searchParams.set('X-Amz-Expires', '86400');
    const extended = await fetch(expired);
    expectDenied({ status: extended.status, text: await extended.text() });
  });

  it('refuses to list a bucket', async () => {
    const key = `incoming/contractDocument/1/${randomUUID()}`;
    await put(config.documentsBucket, key, REPORT);
    for (const path of [`/__s3/${config.documentsBucket}?list-type=2`, `/__s3/${config.documentsBucket}`, `/__s3/${config.documentsBucket}/`, '/__s3/', '/__s3']) {
      const r = await fetch(`${base}${path}`);
      const text = await r.text();
      expectDenied({ status: r.status, text });
      expect(text).not.toContain(key);
    }
  });

  it('refuses an anonymous POST without a policy', async () => {
    const key = `incoming/uploads/${randomUUID()}`;
    const r = await postForm(`/__s3/${config.uploadsBucket}`, { key }, REPORT);
    expectDenied(r);
    expect(await exists(config.uploadsBucket, key)).toBe(false);
  });

  it('refuses a form whose key was changed', async () => {
    const issued = await ok<UploadForm>(admin.post('/api/upload/GetUploadForm', { uploadType: 'Accounts', fileName: 'a.xlsx', size: REPORT.length }));
    const target = `list-snapshots/${randomUUID()}.json`;
    const r = await postForm(issued.url, { ...issued.fields, key: target }, REPORT);
    expectDenied(r);
    expect(await exists(config.uploadsBucket, target)).toBe(false);
    // the same form, its key left alone, is good
    expect((await postForm(issued.url, issued.fields, REPORT)).status).toBeLessThan(300);
  });

  it('refuses a form posted to another bucket', async () => {
    const issued = await ok<UploadForm>(admin.post('/api/upload/GetUploadForm', { uploadType: 'Accounts', fileName: 'a.xlsx', size: REPORT.length }));
    const r = await postForm(`/__s3/${config.exportsBucket}`, issued.fields, REPORT);
    expectDenied(r);
    expect(await exists(config.exportsBucket, issued.fields.key!)).toBe(false);
  });

  it('refuses a field the policy does not name (an HTML content type)', async () => {
    const issued = await ok<UploadForm>(admin.post('/api/upload/GetUploadForm', { uploadType: 'Accounts', fileName: 'a.xlsx', size: REPORT.length }));
    const r = await postForm(issued.url, { ...issued.fields, 'Content-Type': 'text/html' }, Buffer.from('<script>alert(1)</script>'));
    expectDenied(r);
    expect(await exists(config.uploadsBucket, issued.fields.key!)).toBe(false);
  });

  it('holds a starts-with condition on the key: under the prefix is good, outside it is refused', async () => {
    const prefix = `incoming/uploads/${randomUUID()}/`;
    const f = await createPresignedPost(s3Client(), {
      Bucket: config.uploadsBucket,
      Key: `${prefix}\${filename}`,
      Conditions: [['content-length-range', 1, 1000]],
      Fields: { 'Content-Type': UPLOAD_CONTENT_TYPE },
      Expires: 300,
    });
    const outside = await postForm(`/__s3/${config.uploadsBucket}`, { ...f.fields, key: 'list-snapshots/evil.bin' }, REPORT);
    expectDenied(outside);
    expect(await exists(config.uploadsBucket, 'list-snapshots/evil.bin')).toBe(false);
    const inside = await postForm(`/__s3/${config.uploadsBucket}`, { ...f.fields, key: `${prefix}a.xlsx` }, REPORT);
    expect(inside.status).toBeLessThan(300);
    expect(await exists(config.uploadsBucket, `${prefix}a.xlsx`)).toBe(true);
  });

  it('refuses a form posted after it expired', async () => {
    const key = `incoming/uploads/${randomUUID()}`;
    // a form that expired 22 seconds ago
    const expired = await form(config.uploadsBucket, key, 1000, -22);
    const r = await postForm(expired.url, expired.fields, REPORT);
    expectDenied(r);
    expect(r.text).toContain('expired');
    expect(await exists(config.uploadsBucket, key)).toBe(false);
  });

  it('takes one object per form: a second POST of the same form is refused', async () => {
    const issued = await ok<UploadForm>(admin.post('/api/upload/GetUploadForm', { uploadType: 'Accounts', fileName: 'a.xlsx', size: REPORT.length }));
    expect((await postForm(issued.url, issued.fields, REPORT)).status).toBeLessThan(300);
    const second = await postForm(issued.url, issued.fields, Buffer.from('PK\x03\x04 another object'));
    expectDenied(second);
    const stored = await s3Client().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: issued.fields.key! }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(REPORT);
  });

  it('refuses a file over the form’s content-length-range', async () => {
    const key = `incoming/uploads/${randomUUID()}`;
    const small = await form(config.uploadsBucket, key, 10, 300);
    const r = await postForm(small.url, small.fields, Buffer.alloc(11, 1));
    expect(r.status).toBe(400);
    expect(r.text).toContain('<Code>EntityTooLarge</Code>');
    expect(await exists(config.uploadsBucket, key)).toBe(false);
  });

  it('refuses ?delete and DELETE: nothing is removed', async () => {
    const key = `incoming/uploads/${randomUUID()}`;
    await put(config.uploadsBucket, key, REPORT);
    const body = `<Delete><Object><Key>${key}</Key></Object></Delete>`;
    const batch = await fetch(`${base}/__s3/${config.uploadsBucket}?delete`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
    expectDenied({ status: batch.status, text: await batch.text() });
    const single = await fetch(`${base}/__s3/${config.uploadsBucket}/${key}`, { method: 'DELETE' });
    expectDenied({ status: single.status, text: await single.text() });
    expect(await exists(config.uploadsBucket, key)).toBe(true);
  });

  it('serves a text/html object as an attachment, never sniffed, in a sandbox', async () => {
    const key = `incoming/uploads/${randomUUID()}`;
    await put(config.uploadsBucket, key, Buffer.from('<html><script>fetch("/api/users/GetList")</script></html>'), 'text/html');
    const r = await fetch(proxied(await signedGet(config.uploadsBucket, key)));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });

  it("answers the gateway's own 404 and 405 with the API's security headers", async () => {
    for (const [path, method, status] of [
      ['/api/no-such-resource/Nothing', 'GET', 404],
      ['/api/users/login', 'GET', 405],
    ] as const) {
      const r = await fetch(`${base}${path}`, { method });
      expect(r.status).toBe(status);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  /** Whether `port` answers on any of the machine's addresses but the loopback. */
  const reachableOutside = async (port: number) => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address);
    const reached: string[] = [];
    for (const address of others) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect({ host: address, port }, () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      });
      if (ok) reached.push(address);
    }
    return reached;
  };

  it('listens on 127.0.0.1 unless HOST says otherwise: not on the machine’s other addresses', async () => {
    expect(await reachableOutside(Number(new URL(base).port))).toEqual([]);
  });

  it('keeps the S3, SQS and Cognito emulators on 127.0.0.1 too (DynamoDB Local has no choice of address)', async () => {
    const env = inject('stack').env;
    for (const name of ['AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL_SQS', 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER']) {
      expect(await reachableOutside(Number(new URL(env[name]!).port)), name).toEqual([]);
    }
  });
});
