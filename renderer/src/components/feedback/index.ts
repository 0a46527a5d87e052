/** Confirmations, toasts and form errors shared by the screens. */
export { confirmAction, type ConfirmOptions } from './confirm.tsx';
export { notifyDone, notifyFailed, notifyInfo, type DoneToast } from './notify.tsx';
export { fieldErrors } from './field-errors.ts';
