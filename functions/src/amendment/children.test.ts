import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AmendmentCrm, AmendmentParticipant } from '@eb/shared/amendment/children';
import { CRM_LABELS } from '@eb/shared/amendment/labels';
import { UNIT_FOLLOWERS } from '@eb/shared/amendment/schemas';
import { MSG } from '@eb/shared/messages';
import { ROUTES } from '@eb/shared/routes';
import { amendmentBody, newAmendment, newContact, ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';

/**
 * An amendment's participants and CRM notes against the local emulators (spec 2 "Contract
 * participants grid", "Contract CRM grid", sections 3, 4 and 5): a contact goes on an amendment
 * once, rows follow the participant rules, CRM notes record who resolved them, and downloads hold
 * the chosen notes.
 */
const C = '/api/contract';
const [editor, agent] = signedInBeforeAll('admin', 'agent');

const participant = (contactId: number, over: Record<string, unknown> = {}) => ({
  contactId,
  role: 'Owner',
  firstName: 'Pat',
  lastName: 'Contact',
  address: '100 Broad Street',
  city: 'Newark',
  zip: '07102',
  state: 'NJ',
  email: 'pat@example.com',
  phoneNumber: '2015550100',
  identifier: 'ID-1',
  ...over,
});
const crm = (over: Record<string, unknown> = {}) => ({ crmType: 'Call', comment: 'Called about the renewal', date: '2026-03-02T00:00:00', ...over });
const logFields = async (id: number) =>
  (await ok<{ fieldName: string; fieldPrefix?: string; entity: string }[]>(editor.get(`${C}/ChangeLogs`, { id }))).map((e) => [e.entity, e.fieldPrefix, e.fieldName].filter(Boolean).join(':'));

describe('contract participants', () => {
  it('puts a contact on an amendment once: the second time answers 409 with the spec text and adds nothing', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const contact = await newContact(editor);
    const body = { ...participant(contact.objectId), contract: { objectId: amendment.objectId } };
    // Act
    const first = await ok<AmendmentParticipant>(editor.post(`${C}/CreateParticipant`, body));
    const again = await editor.post(`${C}/CreateParticipant`, { ...body, firstName: 'Other' });
    // Assess
    expect(first).toMatchObject({ ...participant(contact.objectId), isActive: true, version: 1, contract: { objectId: amendment.objectId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.participantAlreadyAdded);
    const listed = await ok<{ data: AmendmentParticipant[]; totalCount: number }>(agent.post(`${C}/GetParticipants`, { contract: { objectId: amendment.objectId } }, { getTotalCount: true }));
    expect(listed.totalCount).toBe(1);
    expect(listed.data[0]!.firstName).toBe('Pat');
  });

  it('refuses a row against the participant rules with each field text, and saves a fixed one with its change log', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const contact = await newContact(editor);
    const bad = { ...participant(contact.objectId, { firstName: '', zip: '07a02', phoneNumber: '12-3', email: 'nope', city: 'x'.repeat(31) }), contract: { objectId: amendment.objectId } };
    // Act
    const refused = await editor.post(`${C}/CreateParticipant`, bad);
    const saved = await ok<AmendmentParticipant>(editor.post(`${C}/CreateParticipant`, { ...participant(contact.objectId), contract: { objectId: amendment.objectId } }));
    const updated = await ok<AmendmentParticipant>(editor.put(`${C}/UpdateParticipant`, { ...participant(contact.objectId, { identifier: 'ID-2' }), version: 1 }, { id: saved.objectId }));
    const stale = await editor.put(`${C}/UpdateParticipant`, { ...participant(contact.objectId, { identifier: 'ID-3' }), version: 1 }, { id: saved.objectId });
    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toMatchObject({
      firstName: MSG.required,
      zip: MSG.integerNumber,
      phoneNumber: MSG.integerNumber,
      email: MSG.incorrectEmailFormat,
      city: 'Field should contain 30 or less characters',
    });
    expect(updated.version).toBe(2);
    expect(stale.status).toBe(409);
    const fields = await logFields(amendment.objectId);
    expect(fields, fields.join()).toEqual(['participant:c.participant:identifier', 'participant:c.participant', 'contract']);
  });

  it('builds a participant from the contact with ContactAddUpdate and removes it with DeleteParticipant, freeing the contact', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const contact = await newContact(editor, { lastName: 'Rivera' });
    const ref = { contract: { objectId: amendment.objectId }, contact: { objectId: contact.objectId } };
    // Act
    const added = await ok<AmendmentParticipant>(editor.post(`${C}/ContactAddUpdate`, ref));
    const one = await ok<AmendmentParticipant>(agent.get(`${C}/GetParticipant`, { id: amendment.objectId, participantId: added.objectId }));
    const otherAmendment = await editor.get(`${C}/GetParticipant`, { id: amendment.objectId + 1_000_000, participantId: added.objectId });
    await ok(editor.del(`${C}/DeleteParticipant`, [{ objectId: added.objectId, version: 1 }]), 204);
    const again = await ok<AmendmentParticipant>(editor.post(`${C}/ContactAddUpdate`, ref));
    // Assess
    expect(added).toMatchObject({ contactId: contact.objectId, firstName: 'Pat', lastName: 'Rivera', address: '100 Broad Street', city: 'Newark', zip: '07102', state: 'NJ', email: 'pat.contact@example.com', phoneNumber: '2015550100', identifier: 'ID-1', role: 'Owner', isActive: true });
    expect(one).toEqual(added);
    expect(otherAmendment.status).toBe(404);
    expect(again.objectId).not.toBe(added.objectId);
    const listed = await ok<{ data: AmendmentParticipant[] }>(editor.post(`${C}/ContactGetList`, { contract: { objectId: amendment.objectId } }));
    expect(listed.data.map((p) => p.objectId)).toEqual([again.objectId]);
  });

  it('lets agents read participants but not add, change or delete them (403), changing nothing', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const contact = await newContact(editor);
    const saved = await ok<AmendmentParticipant>(editor.post(`${C}/CreateParticipant`, { ...participant(contact.objectId), contract: { objectId: amendment.objectId } }));
    // Act
    const add = await agent.post(`${C}/ContactAddUpdate`, { contract: { objectId: amendment.objectId }, contact: { objectId: contact.objectId } });
    const update = await agent.put(`${C}/UpdateParticipant`, { ...participant(contact.objectId, { firstName: 'Agent' }), version: 1 }, { id: saved.objectId });
    const remove = await agent.del(`${C}/ContactDelete`, [{ objectId: saved.objectId }]);
    // Assess
    expect([add.status, update.status, remove.status]).toEqual([403, 403, 403]);
    expect((await ok<AmendmentParticipant>(editor.get(`${C}/GetParticipant`, { id: amendment.objectId, participantId: saved.objectId }))).firstName).toBe('Pat');
  });
});

describe('contract CRM notes', () => {
  it('records the reporter, and ticking Resolved records who and when; unticking clears both', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const created = await ok<AmendmentCrm>(editor.post(`${C}/CreateCrm`, { ...crm({ reportedBy: 'Someone Else', resolvedBy: 'Forged' }), contract: { objectId: amendment.objectId } }));
    // Act
    const resolved = await ok<AmendmentCrm>(editor.put(`${C}/UpdateCrm`, { ...crm(), isResolved: true, version: 1 }, { id: created.objectId }));
    const reopened = await ok<AmendmentCrm>(editor.put(`${C}/UpdateCrm`, { ...crm(), isResolved: false, resolvedBy: 'Forged', version: 2 }, { id: created.objectId }));
    // Assess
    const today = new Date().toISOString().slice(0, 10);
    expect(created).toMatchObject({ reportedBy: editor.name, resolvedBy: null, resolvedDate: null, isResolved: false });
    expect(created.updatedDate?.slice(0, 10)).toBe(today);
    expect(resolved).toMatchObject({ isResolved: true, resolvedBy: editor.name, reportedBy: editor.name });
    expect(resolved.resolvedDate?.slice(0, 10)).toBe(today);
    expect(reopened).toMatchObject({ isResolved: false, resolvedBy: null, resolvedDate: null, reportedBy: editor.name });
  });

  it('refuses a note without type, comment or date, or with a comment over 300 characters; notes cannot be deleted', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    // Act
    const empty = await editor.post(`${C}/CreateCrm`, { crmType: '', comment: ' ', date: '', contract: { objectId: amendment.objectId } });
    const long = await editor.post(`${C}/CreateCrm`, { ...crm({ comment: 'x'.repeat(301) }), contract: { objectId: amendment.objectId } });
    // Assess
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toMatchObject({ crmType: MSG.required, comment: MSG.required, date: MSG.required });
    expect(long.body.fieldErrors).toMatchObject({ comment: 'Field should contain 300 or less characters' });
    expect(ROUTES.some((r) => r.resource === 'contract' && /crm/i.test(r.action) && r.method === 'DELETE')).toBe(false);
    expect((await ok<{ totalCount: number }>(editor.post(`${C}/GetCrms`, { contract: { objectId: amendment.objectId } }, { getTotalCount: true }))).totalCount).toBe(0);
  });

  it('downloads the chosen notes, or all when none are chosen, with the grid headers; agents may not', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const notes: AmendmentCrm[] = [];
    for (const comment of ['first', 'second', 'third']) notes.push(await ok<AmendmentCrm>(editor.post(`${C}/CreateCrm`, { ...crm({ comment }), contract: { objectId: amendment.objectId } })));
    // Act
    const chosen = await editor.get(`${C}/ExportCrms`, { id: amendment.objectId, objectIds: `${notes[0]!.objectId},${notes[2]!.objectId}` });
    const all = await editor.get(`${C}/ExportCrms`, { id: amendment.objectId });
    const byAgent = await agent.get(`${C}/ExportCrms`, { id: amendment.objectId });
    // Assess
    const rowsOf = async (r: { body: unknown }) => {
      const bytes = Buffer.from(r.body as string, 'base64');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      return ws.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    };
    const chosenRows = await rowsOf(chosen);
    expect(chosenRows[0]).toEqual(Object.values(CRM_LABELS));
    expect(chosenRows.slice(1).map((r) => r[2]).sort()).toEqual(['first', 'third']);
    expect((await rowsOf(all)).length).toBe(4);
    expect(byAgent.status).toBe(403);
  });
});

describe('clone and unit', () => {
  it('creates a clone with cloneOf: the participants come along with new ids, the CRM notes do not; another contract\'s amendment is refused', async () => {
    // Prepare: an amendment with a participant and a CRM note
    const source = await newAmendment(editor);
    const contact = await newContact(editor);
    await ok(editor.post(`${C}/CreateParticipant`, { ...participant(contact.objectId), contract: { objectId: source.objectId } }));
    await ok(editor.post(`${C}/CreateCrm`, { ...crm(), contract: { objectId: source.objectId } }));
    const stranger = await newAmendment(editor);
    const body = (over: Record<string, unknown>) => ({ ...amendmentBody(source.masterContract, { amendmentNumber: 2 }), ...over });
    // Act
    const clone = await ok<{ objectId: number }>(editor.post(`${C}/Create`, body({ cloneOf: { objectId: source.objectId } })));
    const refused = await editor.post(`${C}/Create`, body({ amendmentNumber: 3, cloneOf: { objectId: stranger.objectId } }));
    // Assess
    const participants = await ok<{ data: AmendmentParticipant[] }>(editor.post(`${C}/GetParticipants`, { contract: { objectId: clone.objectId } }));
    expect(participants.data.map((p) => [p.contactId, p.lastName])).toEqual([[contact.objectId, 'Contact']]);
    expect((await ok<{ totalCount: number }>(editor.post(`${C}/GetCrms`, { contract: { objectId: clone.objectId } }, { getTotalCount: true }))).totalCount).toBe(0);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ cloneOf: MSG.invalidInput });
  });

  it('sets every usage and billing unit to a new amendment unit on Update, and leaves them when the unit stays', async () => {
    // Prepare
    const a = await newAmendment(editor, { unitOfMeasure: 'KWH', billUom: 'KWH', summerUuFlatUom: 'KWH' });
    const update = (over: Record<string, unknown>, version: number) =>
      ok<Record<string, unknown>>(editor.put(`${C}/Update`, { ...amendmentBody(a.masterContract, over), version }, { id: a.objectId }));
    // Act
    const same = await update({ unitOfMeasure: 'KWH', billUom: 'MWH', summerUuFlatUom: 'KWH' }, 1);
    const changed = await update({ unitOfMeasure: 'THERM', billUom: 'MWH', summerUuFlatUom: 'KWH' }, 2);
    // Assess
    expect([same.billUom, same.summerUuFlatUom]).toEqual(['MWH', 'KWH']);
    expect(UNIT_FOLLOWERS.map((f) => changed[f])).toEqual(UNIT_FOLLOWERS.map(() => 'THERM'));
  });
});
