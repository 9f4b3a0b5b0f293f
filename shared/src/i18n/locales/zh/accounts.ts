/** Texts of user administration, profile editing and avatars (deep-merged into the catalogue). */
export const accounts = {};
