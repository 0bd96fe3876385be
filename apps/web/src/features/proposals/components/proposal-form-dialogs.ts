// The editor's two dialogs, one chunk loaded after the editor itself (proposal-form.tsx): they matter only on
// request, and the editor's initial JavaScript has a budget (docs/performance.md, "Web").
export { ProductPickerModal } from './product-picker-modal';
export { QuickClientModal } from './quick-client-modal';
