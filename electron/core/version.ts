/** The application version (package.json) and the version of the ERP API it implements. */
export const APP_VERSION = '0.1.0';
export const API_VERSION = '1.8.0';
