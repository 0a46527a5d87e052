/** The dialog of an action that asks before it writes (form, preview, the click, the result, refusals). */
export { ActionDialog, type ActionDialogProps, type PreviewSection } from './ActionDialog.tsx';
export { useActionPreview, type ActionPreview, type PreviewOptions } from './use-action-preview.ts';
