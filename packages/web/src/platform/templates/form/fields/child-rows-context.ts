import { createContext } from 'react';

/** The rows of a master-child form's child table, by table name: what a SUM(table.field) formula totals. */
export const ChildRowsContext = createContext<Readonly<Record<string, readonly Record<string, unknown>[]>>>({});
