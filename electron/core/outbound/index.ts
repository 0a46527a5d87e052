/**
 * The one outbound policy of the service (docs/security.md, "Outbound connections"): every
 * connection the core opens to somewhere else (image downloads, webhook deliveries, the FTP
 * storage) resolves its host here once, checks every address, and connects only to a checked
 * address. No domain opens a socket to a named host by itself.
 */
export {
  classifyAddress,
  describeKind,
  isAllowedKind,
  isLoopbackHost,
  parseAddress,
  type AddressKind,
  type ClassifiedAddress,
} from './addresses.ts';
export {
  AddressNotAllowed,
  CONFIGURED,
  configuredTargetRefusal,
  createOutboundPolicy,
  isAddressNotAllowed,
  pinnedLookup,
  reportOutbound,
  resolveChecked,
  type OutboundPolicy,
  type Reach,
  type Resolver,
} from './policy.ts';
export { getFollowingRedirects, oddlyWrittenLiteral, OutboundFailure, pinnedHost, type GetAnswer, type GetOptions } from './http.ts';
