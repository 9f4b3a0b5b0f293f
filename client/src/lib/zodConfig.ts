// Zod compiles fast object parsers with `new Function` after probing whether eval is allowed.
// Our CSP (script-src 'self') refuses it, and the browser reports even the caught probe as a CSP
// violation. Without the JIT nothing is probed. Imported first by main.tsx: the switch must be
// set before the first object schema is built. Zod keeps its settings on this global (so copies
// of it share them); writing it here keeps zod itself out of the login page's first chunk.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
