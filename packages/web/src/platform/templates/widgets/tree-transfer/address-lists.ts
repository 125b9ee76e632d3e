import type { TransferNode } from './tree-moves';

/** The address list's three lists (spec section 2): recipients, carbon copy 抄送人, blind copy 密送人. */
export const ADDRESS_LISTS = ['to', 'cc', 'bcc'] as const;
export type AddressListName = (typeof ADDRESS_LISTS)[number];
export type AddressEntry = Pick<TransferNode, 'key' | 'title' | 'email'>;
export type AddressLists = Record<AddressListName, AddressEntry[]>;

export const emptyAddressLists = (): AddressLists => ({ to: [], cc: [], bcc: [] });

/** Adds only the entries the list does not hold yet (by key). */
export function addToList(lists: AddressLists, name: AddressListName, entries: AddressEntry[]): AddressLists {
  const have = new Set(lists[name].map((e) => e.key));
  const fresh: AddressEntry[] = [];
  for (const e of entries) {
    if (have.has(e.key)) continue;
    have.add(e.key);
    fresh.push(e);
  }
  return { ...lists, [name]: [...lists[name], ...fresh] };
}

export function removeFromList(lists: AddressLists, name: AddressListName, key: string): AddressLists {
  return { ...lists, [name]: lists[name].filter((e) => e.key !== key) };
}

export function clearList(lists: AddressLists, name: AddressListName): AddressLists {
  return { ...lists, [name]: [] };
}

/** Swaps the contents of two lists (recipients with carbon copy, say). */
export function swapLists(lists: AddressLists, a: AddressListName, b: AddressListName): AddressLists {
  return { ...lists, [a]: lists[b], [b]: lists[a] };
}

/**
 * Two lists are expanded at a time: opening a third closes the one opened longest ago. `open` is
 * in the order they were opened.
 */
export function expandList(open: AddressListName[], name: AddressListName): AddressListName[] {
  if (open.includes(name)) return open;
  return [...open, name].slice(-2);
}

export function collapseList(open: AddressListName[], name: AddressListName): AddressListName[] {
  return open.filter((n) => n !== name);
}
