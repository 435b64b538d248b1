import { describe, expect, it } from 'vitest';
import { cognitoClient, dynamo, s3Client, sqsClient } from './aws';

describe('AWS clients', () => {
  it("carry no logger middleware (it walked every request and response through the SDK's sensitive-data filter for a log no one reads)", () => {
    // Act
    const stacks = [dynamo(), s3Client(), sqsClient(), cognitoClient()].map((c) => (c.middlewareStack as unknown as { identify(): string[] }).identify());
    // Assess
    for (const names of stacks) {
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => /loggerMiddleware/.test(n))).toEqual([]);
    }
  });
});
