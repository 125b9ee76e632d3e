import type { Caller } from './guard';

/**
 * The caller as domain code sees it: the company it acts in, the group that company belongs to,
 * and the user (id and login name, and the address a request came from, as an operation log
 * records them). A function that needs less takes a Pick of it, so a test or a background job
 * passes only what the rule reads.
 */
export type Who = Pick<Caller, 'orgId' | 'groupId' | 'userId' | 'username'> & Partial<Pick<Caller, 'ip'>>;

/** Whom the document engine reads and writes rows for: the company, its group and the user. */
export type RowScope = Pick<Who, 'orgId' | 'groupId' | 'userId'>;
