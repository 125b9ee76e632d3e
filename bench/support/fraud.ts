/**
 * The seeded fraud generator, shared with the server's recall test: it lives with the server's test
 * support (packages/server/test/fraud.ts) so that the server's type-check covers it; the benches
 * take it from here.
 */
export * from '../../packages/server/test/fraud';
