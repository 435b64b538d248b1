import { describe, expect, it } from 'vitest';
import { updatableField } from './columns';
import { updateCellOf, validateUpdateRow } from './validate';

describe('validateUpdateRow', () => {
  it('takes a field by its label or name with case and spacing ignored, and converts the new value by that field', () => {
    // Act
    const byLabel = validateUpdateRow('Amendments', { contractId: 12, amendmentNumber: '1', fieldName: ' term ', value: '24' });
    const byName = validateUpdateRow('Accounts', { accountNumber: 7, fieldName: 'contractRate', value: 0.125 });
    const date = validateUpdateRow('Accounts', { accountNumber: 7, fieldName: 'Requested Start Date', value: new Date(Date.UTC(2026, 2, 1)) });
    // Assess
    expect(byLabel).toEqual({ data: { contractId: 12, amendmentNumber: 1, fieldName: 'Term', field: 'term', value: 24 }, exceptions: [] });
    expect(byName.data).toMatchObject({ fieldName: 'Contract Rate', field: 'contractRate', value: 0.125 });
    expect(date.data.value).toBe('2026-03-01T00:00:00');
  });

  it("names each failure by its column or field with the uploader's reasons: a missing key, an unknown field, a value of the wrong kind or length", () => {
    // Act
    const noKey = validateUpdateRow('Accounts', { accountNumber: null, fieldName: 'Term', value: 12 });
    const unknown = validateUpdateRow('Amendments', { contractId: 1, amendmentNumber: 1, fieldName: 'Colour', value: 'blue' });
    const keyField = validateUpdateRow('Amendments', { contractId: 1, amendmentNumber: 1, fieldName: 'Amendment #', value: 2 });
    const notInteger = validateUpdateRow('Amendments', { contractId: 1, amendmentNumber: 1, fieldName: 'Term', value: 'two years' });
    const tooLong = validateUpdateRow('AccountAddresses', { accountAddressId: 5, fieldName: 'City', value: 'x'.repeat(200) });
    const volume = validateUpdateRow('Volumes', { accountNumber: 5, year: 2026, month: 3, value: 'lots' });
    // Assess
    expect(noKey.exceptions.map((e) => [e.uiHeader, e.type])).toEqual([['CAMS Account ID', 'requiredField']]);
    expect(unknown.exceptions.map((e) => [e.uiHeader, e.oldValue, e.type])).toEqual([['Field Name', 'Colour', 'invalidFieldName']]);
    expect(keyField.exceptions.map((e) => e.type)).toEqual(['invalidFieldName']);
    expect(notInteger.exceptions.map((e) => [e.uiHeader, e.type])).toEqual([['Term', 'invalidDataTypeInteger']]);
    expect(tooLong.exceptions.map((e) => [e.uiHeader, e.type])).toEqual([['City', 'invalidLength']]);
    expect(volume.exceptions.map((e) => [e.uiHeader, e.type])).toEqual([['Volume', 'invalidDataTypeDecimal']]);
  });

  it("maps a fix to the cell it changes: a key column's, the field name's, else the new value's", () => {
    // Assess
    expect(updateCellOf('Amendments', 'Contract ID')).toBe('contractId');
    expect(updateCellOf('Amendments', 'Field Name')).toBe('fieldName');
    expect(updateCellOf('Amendments', 'Term')).toBe('value');
    expect(updatableField('Volumes', null)?.field).toBe('volume');
  });
});
