import { create } from 'zustand';

type Row = Record<string, unknown>;

export interface ResourcePopupRequest {
  /** the popup resource template (the field's cgFormatResId); empty shows 暂无配置的弹窗资源模板，请配置！ */
  cgFormatResId: string | null | undefined;
  /** the form field that opens it: its mapping comes with the template */
  resFormatSubId?: string;
  multiple?: boolean;
  /** field of the popup's list -> value, searched by equals */
  filters?: Record<string, unknown>;
}

export interface ResourceChoice {
  rows: Row[];
  /** the form values the mapping fills (fieldSub1 <- fieldSub2 of the chosen rows) */
  values: Record<string, unknown>;
  /** the values each chosen row maps to on its own (a detail table's line per row) */
  perRow?: Record<string, unknown>[];
}

interface OpenPopup extends ResourcePopupRequest {
  key: number;
  settle(choice: ResourceChoice | null): void;
}

export const useResourcePopups = create<{ popups: OpenPopup[]; open(p: OpenPopup): void; close(key: number): void }>()((set) => ({
  popups: [],
  open: (p) => set((s) => ({ popups: [...s.popups, p] })),
  close: (key) => set((s) => ({ popups: s.popups.filter((p) => p.key !== key) })),
}));

let next = 1;

/**
 * Opens a popup resource template and resolves to the chosen rows and the values they map to, or
 * null when it is cancelled or has no template. ResourcePopupHost must be mounted in the workspace.
 */
export function openResourcePopup(request: ResourcePopupRequest): Promise<ResourceChoice | null> {
  return new Promise((resolve) => {
    const key = next++;
    useResourcePopups.getState().open({
      ...request,
      key,
      settle: (choice) => {
        useResourcePopups.getState().close(key);
        resolve(choice);
      },
    });
  });
}
