import { create } from 'zustand';
import type { MenuButton } from '@wb/protocol';
import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';

/** The form's code (widgets, rules, the child table): not in the workspace's first paint; fetched when idle or with the first form opened. */
export const templateFormCode = moduleLoader(() => import('./TemplateFormDialog'));

export interface OpenTemplateFormOptions {
  /** the create or update button entry the FORM template is bound to */
  menuButton: MenuButton;
  /** the family's base path: documentBase(resUrl) of its list template */
  base: string;
  mode: 'create' | 'update';
  /** the record to update */
  id?: string;
  /** after a successful save: the list reloads */
  onSaved?: () => void;
  /**
   * The page's query type when it is more than create or update (spec section 4): safeUpdate
   * hides the child table's buttons; weigh shows every field read-only with a weighsave button.
   */
  formMode?: 'safeUpdate' | 'weigh';
}

interface OpenForm extends OpenTemplateFormOptions {
  key: number;
}

const useOpenForms = create<{ forms: OpenForm[]; open(o: OpenTemplateFormOptions): void; close(key: number): void }>()((set) => ({
  forms: [],
  open: (o) => set((s) => ({ forms: [...s.forms, { ...o, key: Date.now() + Math.random() }] })),
  close: (key) => set((s) => ({ forms: s.forms.filter((f) => f.key !== key) })),
}));

/**
 * Opens the server-defined form of a create or update button: loads its FORM template (and the
 * record, for an update), saves with {base}/create or {base}/update, closes and calls onSaved.
 */
export function openTemplateForm(opts: OpenTemplateFormOptions): void {
  if (opts.mode === 'update' && !opts.id) throw new Error('openTemplateForm: an update needs the record id');
  useOpenForms.getState().open(opts);
}

/** Where the open forms render: once, inside the workspace (it needs antd's App context). */
export function TemplateFormHost() {
  const forms = useOpenForms((s) => s.forms);
  const close = useOpenForms((s) => s.close);
  // the forms asked for cannot show without their code: closed, the next click asks again
  const code = useModule(templateFormCode, forms.length > 0, closeAllTemplateForms);
  // asked for before the idle prefetch brought it: a spinner, not nothing
  if (!code) return forms.length > 0 ? <ModuleLoading /> : null;
  const { TemplateFormDialog } = code;
  return (
    <>
      {forms.map((f) => (
        <TemplateFormDialog {...f} key={f.key} onClose={() => close(f.key)} />
      ))}
    </>
  );
}

/** For tests: forget every open form. */
export function closeAllTemplateForms(): void {
  useOpenForms.setState({ forms: [] });
}
