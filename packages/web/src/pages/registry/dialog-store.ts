import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The registry dialog a list button opened (one at a time), with the list's context. */
export type RegistryDialog = 'readCard' | 'supplement' | 'pictures' | 'rematch' | 'driverLink';

interface OpenDialog { kind: RegistryDialog; ctx: PageActionContext; key: number }

export const useRegistryDialog = create<{ open: OpenDialog | null; show(kind: RegistryDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
