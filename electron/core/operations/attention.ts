import type { attentionOperations } from '../../../shared/contract/operations-attention.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Attention } from '../domains/attention/index.ts';

/** The header's "needs attention" badge and list (shared/contract/operations-attention.ts). */
export function createAttentionHandlers(deps: { attention: Attention }): HandlersOf<keyof typeof attentionOperations> {
  return {
    'attention.list': ({ company_id }) => deps.attention.list(company_id),
  };
}
