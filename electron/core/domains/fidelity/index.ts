// Fidelity: how closely this twin answers like the real service (docs/fidelity.md).
export { routeTemplate } from './route-template.ts';
export { shapeOf, mergeShapes, redact, type Shape } from './shape.ts';
export { splitRestUrl } from './rest-url.ts';
export { HarContent, HarDocument, HarEntry, HarNameValue, HarPostData, HarRequest, HarResponse, parseHar, readHarFile } from './har.ts';
export { diffShapes, type ShapeDifference } from './shape-diff.ts';
export { compareHar, type TwinAnswerer, type TwinRequest } from './compare-har.ts';
export type { Answer, ComparedCall } from './drift-route.ts';
export { loadReplayIndex, ReplayIndexError, type ReplayIndex, type ReplayAnswer, type ReplayRequest } from './replay-index.ts';
export { createPseudonymiser, REMOVED, type Pseudonymiser } from './pseudonymise.ts';
export { isCredentialHeader, isCredentialKey } from './personal-keys.ts';
export { createRecorder, DEFAULT_MAX_FILE_BYTES, type Exchange } from './har-recorder.ts';
export { listRecordings, readRecording } from './recordings.ts';
export { createProxySettings, PROXY_DEFAULTS, type ProxySettingsStore } from './proxy-settings.ts';
export { normaliseUpstreamUrl } from './upstream-url.ts';
export { forwardToUpstream, UpstreamFailure, MAX_UPSTREAM_ANSWER_BYTES, type ForwardedRequest, type UpstreamAnswer } from './forward.ts';
export { createDriftStore, type DriftStore } from './drift-store.ts';
