// the editor is the platform's (platform/sql-editor), shared with the template forms' SQL fields
export { default } from '@/platform/sql-editor/SqlEditor';
