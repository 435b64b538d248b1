/** Texts of the territories grid (spec 1 "Data Administration"; the column labels are the spec's). */
export const TERRITORY_TEXTS = {
  gridLabel: 'Territories',
} as const;
