// What travels between a CLI (or MCP) process and a device's daemon beside the POST /execute body of `svc serve`:
// per-request options as headers. Both sides import these names from here.
export const VERBOSE_HEADER = 'x-svc-verbose';
export const CWD_HEADER = 'x-svc-cwd';
