export { SavedViews } from './SavedViews.tsx';
