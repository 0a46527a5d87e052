export { createApiUsers, type ApiUsers, type PreparedApiUser } from './api-users.ts';
export { createAuthenticator, type Authenticate, type AuthOutcome, type RestCall, type AuthenticatedUser } from './authenticate.ts';
export { createAuthGeneration } from './auth-generation.ts';
export { LockoutTracker, type LockoutPolicy } from './lockout.ts';
export { hashPassword, verifyPassword, generatePassword } from './passwords.ts';
export { ipAllowed, whitelistEntryProblem } from './ip-whitelist.ts';
