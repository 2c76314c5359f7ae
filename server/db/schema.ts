// The typed shape of the whole database, as repositories see it (camelCase; the columns are
// snake_case). Empty here: each feature declares its tables beside its code (server/contact/
// tables.ts) and adds them to this interface by declaration merging, so the base never imports a
// feature (.dependency-cruiser.mjs: infrastructure-not-to-features).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' tables.ts
export interface Database {}
