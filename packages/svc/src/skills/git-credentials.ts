// A repository URL with a user and password in it (`https://user:token@host/repo.git`) must not put them on git's
// command line (every local user can read a process's argv) or in an error's details. The URL git is given has
// them taken out; git gets them from a credential helper svc configures through the environment (GIT_CONFIG_*: no
// argv), which reads them from two variables of git's own environment, readable by this user only. Whatever git
// prints or svc reports is redacted.

export interface GitCredentials {
  username: string;
  password: string;
}

/** The URL without its user and password, and those (decoded), when it had them (http, https). */
export function splitCredentials(repo: string): { url: string; credentials?: GitCredentials } {
  let parsed: URL;
  try {
    parsed = new URL(repo);
  } catch {
    return { url: repo };
  }
  if (!/^https?:$/.test(parsed.protocol) || (parsed.username === '' && parsed.password === '')) return { url: repo };
  const credentials = {
    username: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), credentials };
}

/** A helper git runs through `sh` (a helper starting with `!`): it prints the two variables, nothing of its argv. */
const HELPER = `!f() { test "$1" = get || exit 0; printf 'username=%s\\npassword=%s\\n' "$SVC_GIT_USERNAME" "$SVC_GIT_PASSWORD"; }; f`;

/** git's environment for `credentials`: the helper list reset to svc's one helper (after any GIT_CONFIG_* given). */
export function credentialEnv(
  env: Readonly<Record<string, string | undefined>>,
  credentials: GitCredentials,
): Record<string, string> {
  const count = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10) || 0;
  return {
    GIT_CONFIG_COUNT: String(count + 2),
    [`GIT_CONFIG_KEY_${count}`]: 'credential.helper',
    [`GIT_CONFIG_VALUE_${count}`]: '',
    [`GIT_CONFIG_KEY_${count + 1}`]: 'credential.helper',
    [`GIT_CONFIG_VALUE_${count + 1}`]: HELPER,
    SVC_GIT_USERNAME: credentials.username,
    SVC_GIT_PASSWORD: credentials.password,
  };
}

/** `text` with any URL's user and password, and the password itself wherever it appears, replaced by `***`. */
export function redactCredentials(text: string, credentials?: GitCredentials): string {
  let out = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1***@');
  const secret = credentials?.password;
  if (secret !== undefined && secret !== '') {
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  return out;
}
