import { describe, expect, it } from 'vitest';
import { visibleErrors, type SubRecordSpec } from './SubRecordGrid';

type Row = { objectId: number; version: number; firstName: string; phone: string };
const spec = {
  errors: (r: Row) => ({ ...(r.firstName ? {} : { firstName: 'Required' }), ...(/^\d*$/.test(r.phone) ? {} : { phone: 'Digits only' }) }),
  requiredNow: () => ['firstName'],
  fieldLabels: { firstName: 'First Name', phone: 'Phone' },
} as unknown as SubRecordSpec<Row>;

describe('a sub-grid row’s messages (issue 28: no Required before the user has typed)', () => {
  it('says nothing of an untouched row’s empty required fields, but a typed value’s rule; once typed in, the required ones too', () => {
    const row = { objectId: 0, version: 0, firstName: '', phone: 'x1' };
    expect(visibleErrors(spec, row, false)).toEqual(['Phone: Digits only']);
    expect(visibleErrors(spec, row, true)).toEqual(['First Name: Required', 'Phone: Digits only']);
  });
});
