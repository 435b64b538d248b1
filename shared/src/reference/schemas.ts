import { z } from 'zod';

/**
 * Texts of the reference calls. Chosen (the spec gives no text for a bad zip): to be moved into
 * MSG in ../messages as `invalidZip` and `zipNotFound`.
 */
export const ZIP_MESSAGES = {
  invalidZip: 'Zip code must be 5 digits',
  zipNotFound: 'Zip code not found',
} as const;

/** A US ZIP code: exactly five digits (spec 2: "Zip 5 digits"). */
export const zipCodeSchema = z
  .string({ error: ZIP_MESSAGES.invalidZip })
  .trim()
  .regex(/^\d{5}$/, ZIP_MESSAGES.invalidZip);

/** GET Reference/GetAddressLocationByZipCode?zipCode=NNNNN */
export const zipLookupQuerySchema = z.object({ zipCode: zipCodeSchema });
export type ZipLookupQuery = z.infer<typeof zipLookupQuerySchema>;

/**
 * What the zip lookup answers (spec 2: "Zip lookup returns state, city and county"): the state as
 * its two-letter code (the `states` reference set holds codes), the city in Title Case, and the
 * county name without a trailing ' County' (e.g. 'Essex').
 */
export const zipLocationSchema = z.object({
  zipCode: z.string(),
  state: z.string(),
  city: z.string(),
  county: z.string(),
});
export type ZipLocation = z.infer<typeof zipLocationSchema>;
