/** The pieces of a list screen's detail side: see each file. */
export { ListDetailLayout } from './ListDetailLayout.tsx';
export { DetailPanel, DetailSection } from './DetailPanel.tsx';
export { KeyValue, type KeyValueItem } from './KeyValue.tsx';
export { JsonView } from './JsonView.tsx';
export { queryState } from './query-state.ts';
