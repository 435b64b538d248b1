import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/** One write of a DynamoDB transaction: a type of its own, shared by lib/db.ts and the group commit that sends it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
