import { describe, expect, it } from 'vitest';
import { generatedAccount, generatedAmendment } from '../local/contract-generator';

/**
 * The generated contracts look real (issue 28 section 6): received before the start and never in
 * the future, agreed between the two, and a status that matches the dates; the accounts' statuses
 * follow their amendment's.
 */
const TODAY = new Date('2026-11-26T12:00:00Z');
const iso = (d: Date) => `${d.toISOString().slice(0, 10)}T00:00:00`;
const endOf = (start: string, term: number) => {
  const s = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  return iso(new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + term, s.getUTCDate() - 1)));
};

describe('generated contracts', () => {
  it('receive and agree before the start and never after today, and carry a status that matches their dates', () => {
    const today = iso(TODAY);
    const statuses = new Set<string>();
    for (let c = 0; c < 300; c++) {
      for (let n = 1; n <= 4; n++) {
        const a = generatedAmendment(c, n, TODAY);
        const end = endOf(a.startDate, a.term);
        expect(a.receivedDate <= a.agreementDate, `${c}/${n}`).toBe(true);
        expect(a.agreementDate <= a.startDate || a.agreementDate <= today, `${c}/${n}`).toBe(true);
        expect(a.receivedDate <= today && a.agreementDate <= today, `${c}/${n}`).toBe(true);
        if (end < today) expect(a.contractStatus, `${c}/${n} ended ${end}`).toBe('Expired');
        else if (a.startDate > today) expect(['Signed', 'Pending Signature', 'Draft'], `${c}/${n}`).toContain(a.contractStatus);
        else expect(['Active', 'Signed'], `${c}/${n}`).toContain(a.contractStatus);
        statuses.add(a.contractStatus);
      }
    }
    expect([...statuses].sort()).toEqual(['Active', 'Draft', 'Expired', 'Pending Signature', 'Signed']);
  });

  it("gives an account a status its amendment's dates allow", () => {
    for (let i = 1; i <= 400; i++) {
      const a = generatedAmendment(i % 97, 1 + (i % 4), TODAY);
      const account = generatedAccount(i, a, TODAY);
      if (a.contractStatus === 'Expired') expect(account.accountStatus).toBe('Dropped');
      else if (a.startDate > iso(TODAY)) expect(['Pending', 'Sent to Utility']).toContain(account.accountStatus);
      else expect(['Enrolled', 'Drop Pending', 'Sent to Utility']).toContain(account.accountStatus);
    }
  });
});
