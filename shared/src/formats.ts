/**
 * Plain checks and formats of the shared rules (no zod): patterns, e-mail, name, password, dates.
 * The web's sign-in page and API client use these without loading the schema library.
 */
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** A standard address pattern: local part, @, a domain with at least one dot. */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const NAME_PATTERN = /^[A-Za-z0-9_\-\s]{1,100}$/;
export const PASSWORD_SPECIALS = '@#$%^&*()<>?!';
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@#$%^&*()<>?!])[^\s]{8,}$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function isValidEmail(value: string | null | undefined): boolean {
  if (value == null) return false;
  const v = value.trim();
  return v.length > 0 && v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
}
export function isValidName(value: string | null | undefined): boolean {
  return value != null && value.length <= NAME_MAX_LENGTH && NAME_PATTERN.test(value);
}
export function isValidPassword(value: string | null | undefined): boolean {
  return value != null && value.length >= PASSWORD_MIN_LENGTH && PASSWORD_PATTERN.test(value);
}

/**
 * Date input m/d/Y with a real-calendar check (leap years included). Returns the transfer string
 * yyyy-MM-ddT00:00:00, or null when the text is not a date.
 */
export function parseInputDate(text: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || year < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T00:00:00`;
}
const pad = (n: number) => String(n).padStart(2, '0');

/** Transfer format: local time yyyy-MM-ddTHH:mm:ss. */
export function toTransferDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
export const TRANSFER_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Display format MM/dd/yyyy from a transfer string (or '' when empty or malformed). */
export function formatDisplayDate(transfer: string | null | undefined): string {
  if (!transfer) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(transfer);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** Display format HH:mm:ss, the time of a transfer string ('' without one). */
export function formatDisplayTime(transfer: string | null | undefined): string {
  return (transfer ? /T(\d{2}:\d{2}:\d{2})/.exec(transfer)?.[1] : undefined) ?? '';
}

/** Display format MM/dd/yyyy HH:mm:ss from a transfer string (a moment: an upload's date and time). */
export function formatDisplayDateTime(transfer: string | null | undefined): string {
  const date = formatDisplayDate(transfer);
  const time = formatDisplayTime(transfer);
  return date && time ? `${date} ${time}` : date;
}

