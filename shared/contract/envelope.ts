import Type, { type Static, type TSchema } from 'typebox';

/** The response envelope of the spec: every answer, errors included, has this shape. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    is_error: Type.Boolean({ description: 'true on failure' }),
    http_code: Type.Integer({ description: 'the HTTP status, repeated' }),
    data,
    messages: Type.Array(Type.String()),
    request_route: Type.String(),
    your_ip: Type.String({ description: 'caller address' }),
    your_user: Type.String({ description: 'API user (empty when none was authenticated)' }),
    your_method: Type.String(),
  });
}

/**
 * The paging keys of every paginated list: the spec's page and has_more_pages, and the keys
 * clients of the real service read beside them.
 */
export const PagingKeys = {
  page: Type.Integer({ minimum: 1 }),
  has_more_pages: Type.Boolean({ description: 'keep requesting the next page while true' }),
  data_count: Type.Integer({ minimum: 0, description: 'rows in this answer (data.length)' }),
  data_next_page_exists: Type.Boolean({ description: 'the same as has_more_pages' }),
  data_next_page: Type.Optional(Type.Integer({ minimum: 2, description: 'the next page number; present only when there is one' })),
};

/** Paginated lists add the paging keys (PagingKeys). */
export function PagedEnvelope<T extends TSchema>(item: T) {
  return Type.Object({
    ...Envelope(Type.Array(item)).properties,
    ...PagingKeys,
  });
}

export const ErrorEnvelope = Envelope(Type.Null());
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
