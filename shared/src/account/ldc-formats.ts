/**
 * The LDC account number of each seeded territory, as the utility prints it on its bills and asks
 * suppliers to enroll with it (issue 9 "Enrollment checks"). An enrollment with a number of the
 * wrong shape is rejected by the utility days later; checking it here saves that round trip. Dashes
 * and spaces, which people copy from bills, are ignored. Territories without an entry take any
 * number the general rule accepts (alphanumeric with dashes, 30 characters). The README lists the
 * facts and where they come from.
 */
export interface LdcFormat {
  /** what the number looks like, for the message ('10 digits') */
  description: string;
  pattern: RegExp;
}

export const LDC_FORMATS: Readonly<Record<string, LdcFormat>> = {
  // PSE&G (NJ): the POD ID suppliers enroll with, 'PE' and 18 digits
  PSEG: { description: "'PE' followed by 18 digits", pattern: /^PE\d{18}$/ },
  // Jersey Central Power & Light (FirstEnergy): 20-digit customer numbers beginning 08
  JCPL: { description: "20 digits beginning with '08'", pattern: /^08\d{18}$/ },
  // Con Edison (NY): 15-digit account numbers
  CONED: { description: '15 digits', pattern: /^\d{15}$/ },
  // National Grid NY (gas): 10- or 11-digit account numbers
  'NATGRID-NY': { description: '10 or 11 digits', pattern: /^\d{10,11}$/ },
  // PECO (PA): 10-digit account numbers
  PECO: { description: '10 digits', pattern: /^\d{10}$/ },
  // Philadelphia Gas Works (PA): 10-digit account numbers
  PGW: { description: '10 digits', pattern: /^\d{10}$/ },
  // ComEd (IL): 10-digit account numbers
  COMED: { description: '10 digits', pattern: /^\d{10}$/ },
  // Nicor Gas (IL): 10-digit account numbers
  NICOR: { description: '10 digits', pattern: /^\d{10}$/ },
  // BGE (MD): 10-digit account numbers
  BGE: { description: '10 digits', pattern: /^\d{10}$/ },
  // Columbia Gas of Ohio: 8-digit customer account numbers followed by a 3-digit premise suffix (11 digits)
  'COLGAS-OH': { description: '11 digits', pattern: /^\d{11}$/ },
};

/** The number as the format reads it: dashes and spaces dropped, letters in upper case. */
export const normalizeLdcNumber = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * The message for an LDC account number that does not fit its territory's format (chosen text:
 * 'PECO account numbers are 10 digits'), or null when it fits or the territory has no format.
 */
export function ldcFormatMessage(territoryCode: string | null | undefined, value: string | null | undefined): string | null {
  if (!territoryCode || !value) return null;
  const format = LDC_FORMATS[territoryCode];
  if (!format || format.pattern.test(normalizeLdcNumber(value))) return null;
  return `${territoryCode} account numbers are ${format.description}`;
}

/** A number that fits a territory's format (the demo data and the benchmark use it); `n` picks it. */
export function sampleLdcNumber(territoryCode: string, n: number): string {
  const digits = (len: number) => String(n).padStart(len, '0').slice(-len);
  switch (territoryCode) {
    case 'PSEG': return `PE${digits(18)}`;
    case 'JCPL': return `08${digits(18)}`;
    case 'CONED': return digits(15);
    case 'COLGAS-OH': return digits(11);
    default: return LDC_FORMATS[territoryCode] ? digits(10) : `LDC-${n}`;
  }
}

/** An account's term as the overlap check reads it: its start and end (transfer dates; null: open). */
export type Term = readonly [string | null | undefined, string | null | undefined];
/**
 * Two terms overlap ('Overlapping dates on base accounts' for two accounts of one LDC number): the
 * form's save, the uploader's check and the import read this one predicate. An open end runs on.
 */
export function termsOverlap(a: Term, b: Term): boolean {
  const from = (d: string | null | undefined) => (d ? d.slice(0, 10) : '0000');
  const to = (d: string | null | undefined) => (d ? d.slice(0, 10) : '9999');
  return from(a[0]) <= to(b[1]) && from(b[0]) <= to(a[1]);
}
