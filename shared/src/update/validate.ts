import type { UploadException } from '../upload/exceptions';
import { cellText, convertCell, exceptionOf, ruleErrorType } from '../upload/validate';
import { FIELD_NAME_HEADER, UPDATE_KEY_COLUMNS, UPDATE_COLUMNS, updatableField, type UpdateType } from './columns';

/**
 * An update row checked by the shared rules (issue 11 "Behaviour"): its key cells are integers
 * (required), its field name names a field the type's form may change ('This field name is
 * invalid.'), and its new value is converted and checked as that field's column is in an upload —
 * the same reasons ('Invalid Data Type - Enter as Date.', 'Invalid Length.', ...). An exception of
 * the value is named by the field (its uiHeader is the field's label, spec 3 "Update row"). Whether
 * the key names a stored record is a cross-record check, on the server.
 */
export function validateUpdateRow(type: UpdateType, cells: Readonly<Record<string, unknown>>): { data: Record<string, unknown>; exceptions: UploadException[] } {
  const data: Record<string, unknown> = {};
  const exceptions: UploadException[] = [];
  for (const column of UPDATE_KEY_COLUMNS[type]) {
    const converted = convertCell(column, cells[column.field]);
    if ('error' in converted) {
      data[column.field] = cellText(cells[column.field]);
      exceptions.push(exceptionOf(column, cells[column.field], converted.error));
    } else {
      data[column.field] = converted.value;
      if (converted.value === null) exceptions.push(exceptionOf(column, cells[column.field], 'requiredField'));
    }
  }
  const rawName = cellText(cells.fieldName);
  const field = updatableField(type, rawName);
  data.fieldName = field ? field.header : rawName;
  data.field = field?.field ?? null;
  if (!field) {
    exceptions.push(exceptionOf(UPDATE_COLUMNS[type].find((c) => c.header === FIELD_NAME_HEADER)!, cells.fieldName, rawName === null ? 'requiredField' : 'invalidFieldName'));
    data.value = cellText(cells.value);
    return { data, exceptions };
  }
  const converted = convertCell(field, cells.value);
  if ('error' in converted) {
    data.value = cellText(cells.value);
    exceptions.push(exceptionOf(field, cells.value, converted.error));
  } else if (converted.value === null) {
    data.value = null;
    if (field.required) exceptions.push(exceptionOf(field, cells.value, 'requiredField'));
  } else if (field.rule) {
    const checked = field.rule.safeParse(converted.value);
    data.value = checked.success ? checked.data : converted.value;
    if (!checked.success) exceptions.push(exceptionOf(field, cells.value, ruleErrorType(field, checked.error.issues[0]?.message ?? '')));
  } else data.value = converted.value;
  return { data, exceptions };
}

/** The cell a Resolve fix changes: a key column's, the field name's, else the new value's. */
export function updateCellOf(type: UpdateType, uiHeader: string): string {
  const column = UPDATE_COLUMNS[type].find((c) => c.header === uiHeader && c.field !== 'value');
  return column?.field ?? 'value';
}
