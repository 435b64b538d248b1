import { z } from 'zod';
import { MSG } from '../messages';

/**
 * POST upload/Undo, update/Undo (issue 29 section 5): the import job to undo (a Save, Save All or
 * updater import): by its id; or a row type's last Save or Save All (what its Last Save tab shows);
 * or a batch's newest import job that still has rows of the batch imported. Exactly one of the
 * three (none or more: 400).
 */
export const undoBodySchema = z.object({
  jobId: z.string({ error: MSG.invalidInput }).min(1).max(100).optional(),
  rowType: z.string({ error: MSG.invalidInput }).min(1).max(100).optional(),
  batchId: z.number({ error: MSG.invalidInput }).int().positive().optional(),
});
export type UndoBody = z.infer<typeof undoBodySchema>;

/** One field (or child) of a kept record that differs from what the import left. */
export interface UndoDifference {
  fieldName: string;
  /** the value the import wrote (null: none, e.g. a child added since) */
  importedValue: string | null;
  /** the value now */
  currentValue: string | null;
  /** who changed it since (empty when the log does not say) */
  changedBy: string;
  changedOn: string;
}

/** A record the undo kept because someone changed it since the import. */
export interface UndoKept {
  entity: string;
  objectId: number;
  /** the record as users know it (an LDC number, an amendment's id) */
  name: string;
  differences: UndoDifference[];
}

/** The undo job's result. */
export interface UndoResult {
  /** the import job undone */
  jobId: string;
  /** the batches whose rows it imported */
  batchIds: number[];
  /** change events reverted */
  undone: number;
  /** rows back to Validated */
  rows: number;
  keptCount: number;
  /** at most 500 */
  kept: UndoKept[];
}

/** A message of the undo with its values ('{batchId}' -> 12). */
export const undoText = (template: string, values: Record<string, string | number>): string => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
