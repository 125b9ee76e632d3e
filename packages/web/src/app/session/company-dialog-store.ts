import { create } from 'zustand';

/** Whether 选择组织机构 is open: the top bar opens it, and so does a 403 for a company left. */
export const useCompanyDialog = create<{ open: boolean; show(): void; hide(): void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
