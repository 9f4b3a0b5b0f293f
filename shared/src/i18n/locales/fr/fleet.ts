/** Texts of product keys, purifier list, purifier detail, schedule and maintenance (deep-merged into the catalogue). */
export const fleet = {};
