// Fidelity: how closely this twin answers like the real service (docs/fidelity.md).
export { routeTemplate } from './route-template.ts';
export { shapeOf, mergeShapes, redact, type Shape } from './shape.ts';
