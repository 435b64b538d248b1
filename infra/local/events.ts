import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** Build an API Gateway HTTP API (payload 2.0) event, as API Gateway does. */
export function httpApiEvent(input: {
  method: string;
  path: string;
  rawQueryString?: string;
  headers?: Record<string, string>;
  body?: string;
  sourceIp?: string;
}): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v;
  const cookieHeader = headers.cookie;
  delete headers.cookie;
  const qs = input.rawQueryString ?? '';
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(qs)) query[k] = query[k] !== undefined ? `${query[k]},${v}` : v;
  const requestId = randomUUID();
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: input.path,
    rawQueryString: qs,
    cookies: cookieHeader ? cookieHeader.split(';').map((c) => c.trim()).filter(Boolean) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method.toUpperCase(),
        path: input.path,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: input.body,
    isBase64Encoded: false,
  };
}

export function lambdaContext(name: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
