import { z } from 'zod';
import { MSG } from '../messages';

/** A US ZIP code: exactly five digits (spec 2: "Zip 5 digits"). */
export const zipCodeSchema = z
  .string({ error: MSG.invalidZip })
  .trim()
  .regex(/^\d{5}$/, MSG.invalidZip);

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
