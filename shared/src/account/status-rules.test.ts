import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUSES, accountStatusRefusal, allowedAccountStatusesHint } from './status-rules';

describe('account statuses an amendment allows', () => {
  it('refuses sending an account of a Draft amendment to the utility, and allows keeping the status it has', () => {
    expect(accountStatusRefusal('Draft', 'Pending', 'Sent to Utility')).toBe("An account cannot be set to 'Sent to Utility' while its amendment is 'Draft'");
    expect(accountStatusRefusal('Draft', 'Enrolled', 'Enrolled')).toBeNull();
    expect(accountStatusRefusal('Draft', 'Pending', 'On Hold')).toBeNull();
  });

  it('lets an ended amendment only wind its accounts down', () => {
    const allowed = ACCOUNT_STATUSES.filter((s) => accountStatusRefusal('Expired', 'Enrolled', s) === null);
    expect(allowed).toEqual(['Enrolled', 'Drop Pending', 'Dropped', 'Cancelled']); // its own status kept
  });

  it('names the allowed statuses beside the field when the amendment narrows them, and nothing when it does not', () => {
    expect(allowedAccountStatusesHint('Pending Signature')).toBe("While its amendment is 'Pending Signature', an account can be set to Pending, On Hold or Cancelled.");
    expect(allowedAccountStatusesHint('Active')).toBeNull();
    expect(allowedAccountStatusesHint(null)).toBeNull();
  });
});
