import { describe, expect, it } from 'vitest';
import { decimalNumberMessage, maxLengthMessage, MSG } from '../messages';
import { AGENT_FIELD_KINDS, AGENT_FIELDS, AGENT_LABELS, agentErrors, agentFieldsSchema } from './schemas';

describe('agent rules (spec 2 sections 3 and 5)', () => {
  it('has every field of the spec, each with a kind and a label', () => {
    expect(AGENT_FIELDS).toHaveLength(46);
    for (const f of AGENT_FIELDS) {
      expect(AGENT_FIELD_KINDS[f], f).toBeDefined();
      expect(AGENT_LABELS[f], f).toBeTruthy();
    }
    expect(AGENT_LABELS.code).toBe('Agent Name');
  });
  it("needs only the 'Agent Name'; everything else may be empty", () => {
    const r = agentFieldsSchema.parse({ code: 'ACME' });
    expect(r.code).toBe('ACME');
    expect(Object.entries(r).filter(([k, v]) => k !== 'code' && v !== null)).toEqual([]);
    expect(agentErrors({ code: ' ' })).toEqual({ code: MSG.required });
  });
  it('limits most text to 50, the three emails to 200 and the three notes to 128', () => {
    expect(agentErrors({ code: 'x'.repeat(51), salesChannel: 'x'.repeat(51), specialTerms: 'x'.repeat(50) })).toEqual({
      code: maxLengthMessage(50),
      salesChannel: maxLengthMessage(50),
    });
    expect(agentErrors({ code: 'A', financeNotes: 'x'.repeat(129), pricingNotes: 'x'.repeat(128) })).toEqual({ financeNotes: maxLengthMessage(128) });
    expect(agentErrors({ code: 'A', commissionReportEmail: `${'x'.repeat(189)}@example.com` })).toEqual({ commissionReportEmail: maxLengthMessage(200) });
  });
  it('checks emails, commissions, dates, yes/no and reference selections', () => {
    expect(
      agentErrors({
        code: 'A',
        accountStatusEmail: 'nope',
        agentCommissionGas: '1.123456789',
        w9Date: '2023-02-29T00:00:00',
        paLicense: 'Y',
        downsellAgentType: 4,
        entityStateId: 0,
      }),
    ).toEqual({
      accountStatusEmail: MSG.incorrectEmailFormat,
      agentCommissionGas: decimalNumberMessage(7, 8),
      w9Date: MSG.invalidDate,
      paLicense: MSG.invalidOption,
      downsellAgentType: MSG.invalidOption,
      entityStateId: MSG.invalidOption,
    });
  });
  it('stores typed commissions as numbers', () => {
    expect(agentFieldsSchema.parse({ code: 'A', masterCommissionElectric: ' 0.0025 ' }).masterCommissionElectric).toBe(0.0025);
  });
});
