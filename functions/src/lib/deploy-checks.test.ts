import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertDeployable, deploymentProblems, isEmulatorUrl } from './deploy-checks';

const CONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'config.ts');
const deployed = { EB_STAGE: 'prod', TABLE_NAME: 'EbStorage-Table-1', APP_URL: 'https://d123.cloudfront.net' };

describe('deploy-time checks', () => {
  it('accepts a deployed environment with AWS endpoints only', () => {
    expect(deploymentProblems(deployed)).toEqual([]);
  });

  it('ignores the local stack, whose environment is not deployed (no EB_STAGE)', () => {
    expect(deploymentProblems({ AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000', COGNITO_ISSUER: 'http://cognito-local.localhost/p' })).toEqual([]);
  });

  it.each([
    ['AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:8000'],
    ['AWS_ENDPOINT_URL', 'https://dynamodb.us-east-1.amazonaws.com'],
    ['COGNITO_ISSUER', 'http://cognito-local.localhost/local_pool'],
    ['COGNITO_JWKS_URI', 'http://127.0.0.1:9229/local_pool/.well-known/jwks.json'],
    ['LOCAL_ADMIN_PASSWORD', 'Admin#2026!'],
    ['S3_BROWSER_ENDPOINT', '/__s3'],
  ])('refuses a deployed environment with %s', (name, value) => {
    const problems = deploymentProblems({ ...deployed, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
    expect(() => assertDeployable({ ...deployed, [name]: value })).toThrow(/Refusing to start stage "prod"/);
  });

  it('accepts the variables the Lambda runtime sets itself, even on 127.0.0.1', () => {
    expect(
      deploymentProblems({
        ...deployed,
        AWS_LAMBDA_RUNTIME_API: '127.0.0.1:9001',
        AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://127.0.0.1:9001/2021-04-23/credentials',
        _X_AMZN_TRACE_ID: 'Root=1-abc',
      }),
    ).toEqual([]);
  });

  it('refuses any variable pointing at this machine (APP_URL on localhost)', () => {
    expect(deploymentProblems({ ...deployed, APP_URL: 'http://localhost:3000' })).toEqual([expect.stringContaining('APP_URL points at this machine')]);
  });

  it('tells emulator URLs from AWS ones', () => {
    expect(isEmulatorUrl('http://localhost:4566')).toBe(true);
    expect(isEmulatorUrl('http://cognito-local.localhost/x')).toBe(true);
    expect(isEmulatorUrl('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc')).toBe(false);
    expect(isEmulatorUrl('not a url')).toBe(false);
  });

  it('makes a Lambda fail its cold start: importing config.ts throws in a deployed environment with an emulator issuer', () => {
    const run = (extra: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', '-e', `await import(${JSON.stringify(CONFIG)}); console.log('started')`], {
        env: { PATH: process.env.PATH, ...deployed, ...extra },
        encoding: 'utf8',
      });
    const bad = run({ COGNITO_JWKS_URI: 'http://127.0.0.1:9229/p/.well-known/jwks.json' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('COGNITO_JWKS_URI');
    const good = run({});
    expect(good.stderr).toBe('');
    expect(good.stdout.trim()).toBe('started');
  });
});
