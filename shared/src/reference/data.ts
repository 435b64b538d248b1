/**
 * Reference data sets seeded on start (spec 1 section 3, spec 2 "Reference values").
 * Where the spec gives values they are used verbatim; where it does not, realistic values for a
 * US electric and gas retailer were chosen (listed in the README).
 */
export interface ReferenceOption {
  objectId: number;
  name: string;
  code: string;
}
export interface ReferenceSet {
  itemType: string;
  items: ReferenceOption[];
}

/** Build options from [name, code] pairs (or names, code = name), numbered from 1. */
function opts(...values: (string | [string, string])[]): ReferenceOption[] {
  return values.map((v, i) => {
    const [name, code] = typeof v === 'string' ? [v, v] : v;
    return { objectId: i + 1, name, code };
  });
}
/** Split a PascalCase code into a readable label: 'CarDealership' -> 'Car Dealership'. */
export function labelOf(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/And /g, 'and ').replace(/Or /g, 'or ');
}

/** Type codes that do not read as words, named as the amendment types' set spells them (account types share them). */
const AMENDMENT_TYPE_NAMES: Record<string, string> = { LockInExt: 'Lock-In Extension', BAndE: 'Blend and Extend', VolIncr: 'Volume Increase', VolDecr: 'Volume Decrease', LockIn: 'Lock-In' };

const INDUSTRY_TYPES = [
  'AirportsAirlines', 'Automotive', 'Brewery', 'CarDealership', 'CarWash', 'ChildCareServices',
  'CivicAndSocialOrganizations', 'CommercialOfficeBuilding', 'CommercialRetailStore', 'Construction', 'Farm',
  'FinancialInstitutions', 'FoodCateringHall', 'FoodProducer', 'FoodRestaurant', 'FuneralHomes', 'GasStation',
  'GovernmentMunicipalOrTownship', 'GroceryOrConvenienceStores', 'HealthClinics', 'HealthDoctor', 'HealthHospital',
  'HealthMedicalSupplies', 'HealthPersonalCare', 'Hotels', 'HumanServices', 'Laundromats',
  'LogisticsAndTransportation', 'Manufacturing', 'Miscellaneous', 'Moving', 'NursingHome', 'ProfessionalServices',
  'Recreational', 'Religious', 'ResidentialSmall', 'ResidentialLarge', 'Sanitation', 'School', 'Supermarket',
  'Telecommunications', 'Utilities', 'Veterinary',
];

export const US_STATES: [string, string][] = [
  ['Alabama', 'AL'], ['Alaska', 'AK'], ['Arizona', 'AZ'], ['Arkansas', 'AR'], ['California', 'CA'], ['Colorado', 'CO'],
  ['Connecticut', 'CT'], ['Delaware', 'DE'], ['District of Columbia', 'DC'], ['Florida', 'FL'], ['Georgia', 'GA'],
  ['Hawaii', 'HI'], ['Idaho', 'ID'], ['Illinois', 'IL'], ['Indiana', 'IN'], ['Iowa', 'IA'], ['Kansas', 'KS'],
  ['Kentucky', 'KY'], ['Louisiana', 'LA'], ['Maine', 'ME'], ['Maryland', 'MD'], ['Massachusetts', 'MA'],
  ['Michigan', 'MI'], ['Minnesota', 'MN'], ['Mississippi', 'MS'], ['Missouri', 'MO'], ['Montana', 'MT'],
  ['Nebraska', 'NE'], ['Nevada', 'NV'], ['New Hampshire', 'NH'], ['New Jersey', 'NJ'], ['New Mexico', 'NM'],
  ['New York', 'NY'], ['North Carolina', 'NC'], ['North Dakota', 'ND'], ['Ohio', 'OH'], ['Oklahoma', 'OK'],
  ['Oregon', 'OR'], ['Pennsylvania', 'PA'], ['Rhode Island', 'RI'], ['South Carolina', 'SC'], ['South Dakota', 'SD'],
  ['Tennessee', 'TN'], ['Texas', 'TX'], ['Utah', 'UT'], ['Vermont', 'VT'], ['Virginia', 'VA'], ['Washington', 'WA'],
  ['West Virginia', 'WV'], ['Wisconsin', 'WI'], ['Wyoming', 'WY'],
];

const UNITS: [string, string][] = [['KWH', 'KWH'], ['MWH', 'MWH'], ['Therm', 'THERM'], ['DTH', 'DTH'], ['CCF', 'CCF'], ['MCF', 'MCF']];
const SWITCH = opts(['Yes', 'Y'], ['No', 'N']);
const MONTHS = opts(
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
);

/**
 * The user types. Users store the code; the objectIds stay stable for clients that still send them.
 * Each is labelled by spec 1's role name (roles.ts ROLE_OF_USER_TYPE): 'Admin' is the superAdmin
 * type that opens the admin areas, 'Common' the admin type of everyday staff.
 */
export const USER_TYPE_OPTIONS: ReferenceOption[] = [
  { objectId: 1, name: 'Common', code: 'admin' },
  { objectId: 2, name: 'Admin', code: 'superAdmin' },
  { objectId: 3, name: 'View Only', code: 'viewOnly' },
  { objectId: 4, name: 'Agent', code: 'agent' },
];

export const STATIC_REFERENCE_SETS: ReferenceSet[] = [
  { itemType: 'accountAddressTypes', items: opts('Service', 'Billing', 'Mailing') },
  { itemType: 'crmTypes', items: opts('Call', 'Email', 'Complaint', 'Billing Inquiry', 'Enrollment Issue', 'Note') },
  { itemType: 'statuses', items: opts('Active', 'Inactive') },
  {
    itemType: 'accountTypes',
    items: opts(
      ...['New', 'Renewal', 'LockInExt', 'BAndE', 'ManagedRenewal', 'VolDecr', 'VolIncr', 'Trigger', 'AdditionalAccount',
        'BlendedIncrease', 'LockIn', 'AutoRenewal', 'RolledToVariable'].map((c): [string, string] => [AMENDMENT_TYPE_NAMES[c] ?? labelOf(c), c]),
    ),
  },
  {
    itemType: 'accountStatuses',
    items: opts('Pending', 'Sent to Utility', 'Enrolled', 'Rejected', 'Drop Pending', 'Dropped', 'Cancelled', 'On Hold'),
  },
  { itemType: 'addressTypes', items: opts('Service', 'Billing', 'Mailing') },
  { itemType: 'agentTypes', items: opts(['Master', 'master'], ['Agent', 'agent'], ['Subagent', 'subagent']) },
  { itemType: 'amendmentCrmTypes', items: opts('Call', 'Email', 'Complaint', 'Contract Question', 'Pricing Question', 'Note') },
  { itemType: 'autoRenewalTypes', items: opts('Month to Month Variable', 'Fixed Renewal 12 Months', 'No Auto Renewal') },
  { itemType: 'billCalculationTypes', items: opts('Rate Ready', 'Bill Ready', 'Dual Bill') },
  { itemType: 'billingAccountPatternTypes', items: opts('Single Account', 'Summary Billing', 'Group Billing') },
  { itemType: 'billingVolumeTypes', items: opts('Actual', 'Estimated', 'Contracted') },
  { itemType: 'billVolumeMonths', items: MONTHS },
  { itemType: 'businessEntityCompanyTypes', items: opts('Corporation', 'LLC', 'Partnership', 'Sole Proprietorship', 'Non-Profit', 'Government') },
  { itemType: 'businessEntityTypes', items: opts('Commercial', 'Industrial', 'Residential', 'Municipal') },
  { itemType: 'commissionPlans', items: opts(...UNITS.map(([n, c]): [string, string] => [`per ${n}`, c])) },
  { itemType: 'commodities', items: opts('Electric', 'Gas') },
  { itemType: 'contractStatuses', items: opts('Draft', 'Pending Signature', 'Signed', 'Active', 'Expired', 'Cancelled') },
  { itemType: 'contractTypes', items: opts(['New', 'New'], ['Renewal', 'Renewal'], ['Lock-In Extension', 'LockInExt'], ['Blend and Extend', 'BAndE'], ['Volume Increase', 'VolIncr'], ['Volume Decrease', 'VolDecr']) },
  { itemType: 'emailTypes', items: opts('Work', 'Billing', 'Personal') },
  { itemType: 'enrollmentMethods', items: opts('EDI', 'Utility Portal', 'Paper', 'Email') },
  { itemType: 'extendedTermMonthIndicatorTypes', items: opts('Current Month', 'Prompt Month', 'Prior Month') },
  { itemType: 'indexTypes', items: opts('Day Ahead', 'Real Time', 'Monthly Settle') },
  { itemType: 'indexValues', items: opts('PJM West Hub', 'NYISO Zone J', 'ISO-NE Mass Hub', 'Henry Hub', 'Transco Z6 NY', 'Dominion South') },
  { itemType: 'measures', items: opts('Per Unit', 'Percent', 'Flat') },
  { itemType: 'needUsageChecked', items: SWITCH },
  { itemType: 'phoneTypes', items: opts('Work', 'Mobile', 'Home', 'Fax') },
  { itemType: 'planTypes', items: opts('Fixed', 'Index', 'Block and Index', 'Variable') },
  { itemType: 'primaryContactRoles', items: opts('Owner', 'Officer', 'Authorized Signer', 'Billing Contact', 'Facility Manager') },
  { itemType: 'primaryContactStatuses', items: opts('Active', 'Inactive') },
  { itemType: 'revenueClasses', items: opts('Residential', 'Small Commercial', 'Large Commercial', 'Industrial') },
  { itemType: 'states', items: opts(...US_STATES) },
  { itemType: 'taxExemptions', items: opts('Yes', 'No', 'Reduced') },
  { itemType: 'unitsOfMeasure', items: opts(...UNITS) },
  { itemType: 'uuXuChargeSwitches', items: SWITCH },
  { itemType: 'indexSwitches', items: SWITCH },
  { itemType: 'lockedInSwitches', items: SWITCH },
  { itemType: 'monthIndicatorSwitches', items: SWITCH },
  { itemType: 'positionDifferenceSwitches', items: SWITCH },
  { itemType: 'userTypes', items: USER_TYPE_OPTIONS },
  { itemType: 'industryTypes', items: opts(...INDUSTRY_TYPES.map((c): [string, string] => [labelOf(c), c])) },
  { itemType: 'billMethods', items: opts('1', '2', '3', '4', '5') },
  { itemType: 'yesNo', items: [{ objectId: 1, name: 'Yes', code: 'true' }, { objectId: 0, name: 'No', code: 'false' }] },
  { itemType: 'reportTypes', items: opts(['Export To P2C', 'ExportToP2C']) },
];

/**
 * Territories seeded on a fresh stack (editable later in Data Administration). Their LDC number
 * formats are the utilities' published ones as known when they were written, not checked against a
 * live source: seeded as warnings ('Warn'), for administrators to confirm, change or make blocking.
 */
const ldc = (ldcPattern: string, ldcFormatDescription: string) => ({ ldcPattern, ldcFormatDescription, ldcMismatch: 'Warn' as const });
export const SEED_TERRITORIES = [
  // PSE&G: the POD ID suppliers enroll with
  { code: 'PSEG', name: 'PSE&G', state: 'NJ', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.06625', ...ldc('PE\\d{18}', "'PE' followed by 18 digits") },
  // FirstEnergy customer numbers
  { code: 'JCPL', name: 'Jersey Central Power & Light', state: 'NJ', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.06625', ...ldc('08\\d{18}', "20 digits beginning with '08'") },
  { code: 'CONED', name: 'Con Edison', state: 'NY', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '2', taxRate: '0.045', ...ldc('\\d{15}', '15 digits') },
  { code: 'NATGRID-NY', name: 'National Grid NY', state: 'NY', commodity: 'Gas', measureUnit: 'THERM', billMethodId: '2', taxRate: '0.045', ...ldc('\\d{10,11}', '10 or 11 digits') },
  { code: 'PECO', name: 'PECO Energy', state: 'PA', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '3', taxRate: '0.06', ...ldc('\\d{10}', '10 digits') },
  { code: 'PGW', name: 'Philadelphia Gas Works', state: 'PA', commodity: 'Gas', measureUnit: 'CCF', billMethodId: '3', taxRate: '0.06', ...ldc('\\d{10}', '10 digits') },
  { code: 'COMED', name: 'Commonwealth Edison', state: 'IL', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.0', ...ldc('\\d{10}', '10 digits') },
  { code: 'NICOR', name: 'Nicor Gas', state: 'IL', commodity: 'Gas', measureUnit: 'THERM', billMethodId: '4', taxRate: '0.0', ...ldc('\\d{10}', '10 digits') },
  { code: 'BGE', name: 'Baltimore Gas and Electric', state: 'MD', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '5', taxRate: '0.06', ...ldc('\\d{10}', '10 digits') },
  // 8-digit customer account and a 3-digit premise suffix
  { code: 'COLGAS-OH', name: 'Columbia Gas of Ohio', state: 'OH', commodity: 'Gas', measureUnit: 'MCF', billMethodId: '4', taxRate: '0.0575', ...ldc('\\d{11}', '11 digits') },
];
