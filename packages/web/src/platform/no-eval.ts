/**
 * The server's Content-Security-Policy refuses eval (docs/ARCHITECTURE.md section 3). Zod, which
 * the protocol's schemas bring along, compiles its object parsers with `new Function` and probes
 * for it when a schema is made; a caught refusal is still reported as a violation. Its jitless
 * mode parses without either. Zod keeps its settings on this global and takes an object found
 * there, so the setting holds whether zod is loaded before or after this module, as long as no
 * schema is made before (zod comes with lazily loaded screens, after the entry has run).
 * Set on the global rather than through zod's config(): importing zod here would put it in the
 * entry chunk, which the build keeps it out of.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
