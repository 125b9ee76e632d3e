/** Where the organisation structure is served. */
export const DEPARTMENT_BASE = '/api/system/department';
export const ORGANISATION_BASE = '/api/system/organisation';
